/**
 * Strings of the dynamic form engine (src/components/form). The spec's quoted Chinese
 * messages are verbatim (必选项！, 请选择, 检索关键字, 存在下级不能选择); its English ones are in
 * natural Chinese ('please enter {field name}' → 请输入{name}).
 */
export const form = {
  /** Required text-like field: 请输入标题. */
  required: (name: string) => `请输入${name}`,
  /** Required checkbox, radio and select (spec default hint). */
  requiredChoice: '必选项！',
  /** Required pickers (date, time, tree, department, city). */
  requiredPick: (name: string) => `请选择${name}`,
  maxLength: (name: string, n: number) => `${name}最多${n}个字符`,
  notNumber: (name: string) => `${name}必须是数字`,
  minNumber: (name: string, n: number) => `${name}不能小于${n}`,
  maxNumber: (name: string, n: number) => `${name}不能大于${n}`,
  precision: (name: string, n: number) =>
    n === 0 ? `${name}必须是整数` : `${name}最多保留${n}位小数`,
  selectPlaceholder: '请选择',
  treePlaceholder: '检索关键字',
  /** Spec: the select tree refuses a node that has children when parent-check is off. */
  parentNotSelectable: '存在下级不能选择',
  /** Controls that come with the upload / attachment / editor work (deferred). */
  unavailable: (name: string) => `${name}：该控件暂不可用，敬请期待`,
  switchOn: '开',
  switchOff: '关',
  submit: '提交',
  reset: '重置',
  optionsLoading: '选项加载中…',
  optionsFailed: '选项加载失败',
  emptyOptions: '暂无选项',
} as const;

export interface CityNode {
  label: string;
  value: string;
  children?: CityNode[];
}

/**
 * Built-in province/city list of the `city` control (GB/T 2260 codes), used until (or when)
 * POST /api/district/gettree answers with a tree.
 */
export const builtinCities: CityNode[] = [
  { label: '北京市', value: '110000', children: [{ label: '北京市', value: '110100' }] },
  { label: '天津市', value: '120000', children: [{ label: '天津市', value: '120100' }] },
  { label: '上海市', value: '310000', children: [{ label: '上海市', value: '310100' }] },
  { label: '重庆市', value: '500000', children: [{ label: '重庆市', value: '500100' }] },
  {
    label: '广东省',
    value: '440000',
    children: [
      { label: '广州市', value: '440100' },
      { label: '深圳市', value: '440300' },
      { label: '珠海市', value: '440400' },
      { label: '佛山市', value: '440600' },
      { label: '东莞市', value: '441900' },
    ],
  },
  {
    label: '浙江省',
    value: '330000',
    children: [
      { label: '杭州市', value: '330100' },
      { label: '宁波市', value: '330200' },
      { label: '温州市', value: '330300' },
    ],
  },
  {
    label: '江苏省',
    value: '320000',
    children: [
      { label: '南京市', value: '320100' },
      { label: '无锡市', value: '320200' },
      { label: '苏州市', value: '320500' },
    ],
  },
  {
    label: '四川省',
    value: '510000',
    children: [
      { label: '成都市', value: '510100' },
      { label: '绵阳市', value: '510700' },
    ],
  },
  {
    label: '湖北省',
    value: '420000',
    children: [
      { label: '武汉市', value: '420100' },
      { label: '宜昌市', value: '420500' },
    ],
  },
  {
    label: '山东省',
    value: '370000',
    children: [
      { label: '济南市', value: '370100' },
      { label: '青岛市', value: '370200' },
    ],
  },
];
