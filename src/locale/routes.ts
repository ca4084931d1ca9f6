/**
 * Titles of the hand-written screens (spec section 2). Generated screens take their title from
 * the contract's x-admin.title; these are the screens no contract tag describes.
 */
export const screenTitles = {
  setting: '系统设置',
  notic: '公告',
  showdoc: '接口文档',
  dealList: '通用模块',
  dealMylist: '我的列表',
  dealAdd: '新增',
  dealEdit: '编辑',
  memberAdd: '新增会员管理',
  memberEdit: '编辑会员管理',
  reportStatistic: '统计分析',
  print: '打印Demo',
} as const;
