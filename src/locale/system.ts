/** Strings of the system-administration screens' own actions. */
export const system = {
  resetPassword: '重置密码',
  confirmResetPassword: '确定重置该用户的密码吗？',
  resetPasswordSuccess: '密码已重置',

  // 角色管理: 菜单配置 and 权限分配 (spec section 6 sample buttons)
  menuConfig: '菜单配置',
  menuConfigTitle: (role: string) => `菜单配置 - ${role}`,
  // Rights are read again when the app loads and when its window regains focus (src/layout/use-rights.ts):
  // a reload is enough, signing in again is not needed.
  menuConfigHint:
    '勾选角色可见的菜单与按钮；部分勾选的上级菜单会一并保存。保存后，该角色下已登录的用户刷新页面或切回窗口即生效。',
  superRoleHint: '超级管理员角色拥有全部菜单与权限，无需配置。',
  authAssign: '权限分配',
  authAssignTitle: (role: string) => `权限分配 - ${role}`,
  authAssignHint:
    '勾选该角色拥有的权限键。保存后，该角色下已登录的用户刷新页面或切回窗口即生效，无需重新登录。',
  authGroupOther: '其他',
  buttonTag: '按钮',
  saveSuccess: '保存成功',
  save: '保存',
  cancel: '取消',
  loading: '加载中…',
  loadFailed: '加载失败，请稍后重试',
  emptyTree: '暂无数据',
  checkAll: '全选',
  checkNone: '全不选',
  expandAll: '全部展开',
  collapseAll: '全部折叠',
  checkedCount: (count: number) => `已选 ${count} 项`,

  // 菜单管理 / 部门管理 (tree tables)
  addChild: '新增下级',
  hasChildren: (label: string) => `该${label}下还有下级，请先删除下级后再删除`,
  menuNoun: '菜单',
  departmentNoun: '部门',

  // 岗位管理: 分配部门
  assignDepartments: '分配部门',
  assignDepartmentsTitle: (job: string) => `分配部门 - ${job}`,
  assignDepartmentsHint: '勾选该岗位所属的部门。',
} as const;
