/**
 * Information reporting (我的上报, 报送栏目, 内容审批, 发布列表, 统计分析) and the print demo:
 * the screens' wording and what the mock backend answers for the report workflow.
 */
import type { ReportHistoryAction } from '@/core/report-workflow';

/** What the mock backend says about the report workflow (it plays the server). */
export const reportingMessages = {
  submitted: '提交成功',
  approved: '审批通过',
  rejected: '已驳回',
  published: '发布成功',
  withdrawn: '撤回成功',
  notOwner: '只能操作自己的上报',
  submitNotAllowed: '只有草稿或已驳回的上报可以提交',
  editNotAllowed: '已提交的上报不能修改',
  deleteNotAllowed: '已提交的上报不能删除',
  examineDone: '该上报已审批，不能重复审批',
  publishNotAllowed: '该上报已发布，不能重复发布',
  withdrawNotAllowed: '只有已发布的上报可以撤回',
  workflowOnly: '上报的审批与发布状态只能通过提交、审批、发布、撤回改变',
  rangeIncomplete: '请同时选择开始日期和结束日期',
  rangeReversed: '开始日期不能晚于结束日期',
  rangeTooLong: (years: number) => `统计区间不能超过 ${years} 年`,
} as const;

const historyActions: Record<ReportHistoryAction, string> = {
  submit: '提交',
  approve: '审批通过',
  reject: '驳回',
  publish: '发布',
  withdraw: '撤回',
};

export const reporting = {
  submit: '提交',
  confirmSubmit: '确定提交该上报吗？提交后在审批完成前不能修改。',
  history: '审批记录',
  historyTitle: (title: string) => `审批记录：${title}`,
  historyColumns: { action: '操作', username: '操作人', time: '时间', remark: '意见' },
  historyActions,
  historyEmpty: '暂无审批记录',
  historyFailed: '审批记录加载失败',
  rejectReasonShown: (reason: string) => `驳回原因：${reason}`,
  approve: '通过',
  confirmApprove: '确定审批通过该上报吗？通过后进入发布列表。',
  bulkApprove: '批量通过',
  confirmBulkApprove: (count: number) =>
    `确定审批通过选中的 ${count} 条待审批上报吗？通过后进入发布列表。`,
  bulkApproved: (count: number) => `已审批通过 ${count} 条上报`,
  bulkPublish: '批量发布',
  confirmBulkPublish: (count: number) => `确定发布选中的 ${count} 条上报吗？发布后计入统计分析。`,
  bulkPublished: (count: number) => `已发布 ${count} 条上报`,
  bulkWithdraw: '批量撤回',
  confirmBulkWithdraw: (count: number) => `确定撤回选中的 ${count} 条已发布上报吗？`,
  bulkWithdrawn: (count: number) => `已撤回 ${count} 条上报`,
  reject: '驳回',
  rejectTitle: '驳回上报',
  rejectReport: (title: string) => `上报标题：${title}`,
  rejectReason: '驳回原因',
  rejectReasonPlaceholder: '请输入驳回原因',
  rejectReasonRequired: '请输入驳回原因',
  rejectReasonTooLong: (limit: number) => `驳回原因不能超过${limit}个字符`,
  rejectConfirm: '确定驳回',
  cancel: '取消',
  publish: '发布',
  confirmPublish: '确定发布该上报吗？',
  withdraw: '撤回',
  confirmWithdraw: '确定撤回该上报吗？撤回后不再计入统计。',
} as const;

export const reportStatistic = {
  range: '统计区间',
  rangePlaceholder: '请选择开始和结束日期',
  query: '查询',
  total: '已发布上报',
  totalHint: (start: string, end: string) => `${start} 至 ${end}`,
  byCategory: '按栏目统计',
  byDepartment: '按部门统计',
  byMonth: '按月份统计',
  category: '报送栏目',
  department: '报送部门',
  month: '月份',
  count: '发布数量',
  dataset: '发布数量',
  empty: '该区间内没有已发布的上报',
  loading: '统计数据加载中…',
  failed: '统计数据加载失败',
  chartFailed: '图表加载失败，请查看下方数据表',
  chartLabel: (title: string) => `${title}图表`,
  tableLabel: (title: string) => `${title}数据表`,
  sum: '合计',
} as const;

export const printDemo = {
  intro: '演示打印一份上报列表和每条上报的详情：列表占一页，每条上报各占一页。',
  preview: '打印预览',
  print: '打印',
  previewTitle: '打印预览',
  close: '关闭',
  summary: (records: number, pages: number) => `共 ${records} 条上报，打印共 ${pages} 页`,
  listTitle: '信息上报列表',
  recordTitle: '信息上报单',
  pageOf: (page: number, pages: number) => `第 ${page} 页 / 共 ${pages} 页`,
  printedAt: (time: string) => `打印时间：${time}`,
  index: '序号',
  loading: '上报数据加载中…',
  failed: '上报数据加载失败',
  empty: '暂无上报',
  signature: '审核人签字：',
  sheet: (page: number) => `第 ${page} 页`,
} as const;
