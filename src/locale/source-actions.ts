/**
 * The action buttons of an imported source's screens (src/components/source-pages): an
 * operation that is not list / view / add / edit / delete — 收藏, 延长会话, 加入黑名单 — shown
 * with its label from the document, asked for or filled in, then called.
 */
export const sourceActionMessages = {
  /** The question before an action without a form (and before every DELETE). */
  confirm: (label: string) => `确认执行「${label}」？`,
  confirmTitle: '操作确认',
  confirmAccept: '确定',
  confirmReject: '取消',
  /** The form dialog's title. */
  formTitle: (label: string) => label,
  submit: '执行',
  close: '关闭',
  done: '操作成功',
  /** The row button that opens a row's actions when there are more than fit in the row. */
  more: '更多',
  moreTitle: (key: string) => `更多操作：${key}`,
} as const;
