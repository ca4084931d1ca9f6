/**
 * Strings of the dynamic form engine (src/components/form). The spec's quoted Chinese
 * messages are verbatim (必选项！, 请选择, 检索关键字, 存在下级不能选择); its English ones are in
 * natural Chinese ('please enter {field name}' → 请输入{name}).
 */
export const form = {
  /** Required text-like field: 请输入标题. */
  required: (name: string) => `请输入${name}`,
  /** Required checkbox, radio and select, tree select included (spec default hint). */
  requiredChoice: '必选项！',
  /** Required date, time and slider pickers. */
  requiredPick: (name: string) => `请选择${name}`,
  /** A required upload or attachment field left without a file. */
  requiredUpload: (name: string) => `请上传${name}`,
  maxLength: (name: string, n: number) => `${name}最多${n}个字符`,
  /** A list or object field whose text is not valid JSON. */
  notJson: (name: string) => `${name}不是有效的 JSON`,
  notNumber: (name: string) => `${name}必须是数字`,
  /** The same rules as the mock backend's (src/core/value-rules.ts), in the form's wording. */
  notFiniteNumber: (name: string) => `${name}必须是有效的数字`,
  notDate: (name: string) => `${name}必须是有效的日期`,
  dateTooEarly: (name: string, limit: string) => `${name}不能早于${limit}`,
  dateTooLate: (name: string, limit: string) => `${name}不能晚于${limit}`,
  singleLineControl: (name: string) => `${name}不能包含换行符、制表符等控制字符`,
  multiLineControl: (name: string) => `${name}不能包含控制字符`,
  minNumber: (name: string, n: number) => `${name}不能小于${n}`,
  maxNumber: (name: string, n: number) => `${name}不能大于${n}`,
  precision: (name: string, n: number) =>
    n === 0 ? `${name}必须是整数` : `${name}最多保留${n}位小数`,
  /** Under a field whose value the server refused (400/422), with the server's own words. */
  serverRejected: (detail: string) => `服务器拒绝了此值：${detail}`,
  /** A control whose code is still on its way (a date picker, a tree select …). */
  controlLoading: '控件加载中…',
  selectPlaceholder: '请选择',
  treePlaceholder: '检索关键字',
  /** Spec: the select tree refuses a node that has children when parent-check is off. */
  parentNotSelectable: '存在下级不能选择',
  /** Controls that come with the upload / attachment / editor work (deferred). */
  unavailable: (name: string) => `${name}：该控件暂不可用，敬请期待`,
  switchOn: '开',
  booleanTrue: '是',
  booleanFalse: '否',
  switchOff: '关',
  submit: '提交',
  /** Closing a form dialog that holds unsaved input. */
  discardTitle: '提示',
  discardConfirm: '有未保存的内容，确定放弃吗？',
  discardAccept: '放弃',
  discardReject: '继续编辑',
  optionsLoading: '选项加载中…',
  optionsFailed: '选项加载失败',
  emptyOptions: '暂无选项',
} as const;
