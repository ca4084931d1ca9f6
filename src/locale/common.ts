export const common = {
  appTitleDefault: '后台管理系统',
  ok: '确定',
  cancel: '取消',
  operationSuccess: '操作成功',
  dash: '-',
} as const;
