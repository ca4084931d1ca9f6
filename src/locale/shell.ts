/** Strings of the shell: layout, tabs, messages, guard, error pages, homepage, permissions. */
export const shell = {
  /** The product's one name: every document title ends with it, before and after sign-in. */
  productName: '后台管理系统',
  /** The system title (sidebar, login card) while the settings hold no SYS_TITLE. */
  defaultTitle: '后台管理系统',
  guardError: '有错误',
  /** A failed download of the app's own code (src/lib/lazy/code-boundary.tsx). */
  codeLoad: {
    inline: '控件加载失败。',
    retry: '重试',
    dialog: '打开失败：页面代码下载失败，请检查网络后重试',
    screen: '页面代码下载失败，请检查网络后刷新页面',
    reload: '刷新页面',
  },
  needPermission: '需要权限！',
  loading: '加载中…',
  homepageTitle: '控制台',
  routeTitles: {
    login: '登录',
    notFound: '404',
    unauthorized: '401',
    noPermission: '暂无权限',
  },
  errorPages: {
    notFoundTitle: '页面不存在',
    notFoundText: '抱歉，您访问的页面不存在或已被移除。',
    unauthorizedTitle: '登录失效',
    unauthorizedText: '您的登录已失效，请重新登录。',
    noPermissionTitle: '暂无权限',
    noPermissionText: '抱歉，您没有访问该页面的权限，请联系管理员。',
    backHome: '返回首页',
    toLogin: '重新登录',
  },
  underConstruction: {
    title: '页面建设中',
    text: '“{title}”页面正在建设中，敬请期待。',
    path: '路由：{path}',
  },
  layout: {
    allApps: '全部应用',
    allAppsSearch: '搜索应用',
    allAppsEmpty: '没有匹配的应用',
    toggleMenu: '切换菜单',
    collapseSidebar: '收起侧边栏',
    expandSidebar: '展开侧边栏',
    topMenu: '顶部菜单',
    moreMenus: '更多',
    skipToContent: '跳到主要内容',
    noSubMenu: '暂无子菜单',
    breadcrumb: '当前位置',
  },
  user: {
    changePassword: '修改密码',
    clearCache: '清除缓存',
    exit: '退出系统',
    exitConfirm: '确认退出登录吗？',
    exitConfirmHeader: '提示',
    exitAccept: '确定',
    exitReject: '取消',
    clearCacheDone: '缓存已清除',
  },
  tabs: {
    bar: '已打开的页面',
    scrollLeft: '向左滚动',
    scrollRight: '向右滚动',
    list: '标签列表',
    refresh: '刷新',
    close: '关闭',
    closeOthers: '关闭其他',
    closeRight: '关闭右侧',
    closeLeft: '关闭左侧',
    closeAll: '关闭全部',
    moveLeft: '向左移动',
    moveRight: '向右移动',
  },
  password: {
    title: '修改密码',
    oldPwd: '旧密码',
    newPwd: '新密码',
    newPwdTwo: '确认密码',
    oldPwdRequired: '请输入旧密码！',
    newPwdRequired: '请输入新密码！',
    length: '密码长度8到20个字符',
    pattern: '必须包含数字、大小写字母和特殊符号',
    confirmRequired: '请确认密码！',
    mismatch: '两次输入的密码不一致！',
    success: '密码修改成功，请重新登录',
    submit: '确定',
    cancel: '取消',
  },
  messages: {
    bell: '消息',
    drawerTitle: '消息通知',
    readAll: '全部已读',
    unread: '未读',
    empty: '暂无消息',
    newMessage: '您有一条新消息',
    socketUnsupported: '您的浏览器不支持socket',
    offline: '消息连接已断开，正在重连…',
    unavailable: (count: number) =>
      count > 0
        ? `有 ${count} 条未读消息，暂时无法加载，连接恢复后自动刷新`
        : '消息暂时无法加载，连接恢复后自动刷新',
  },
  home: {
    welcome: '欢迎回来，{name}',
    users: '管理员',
    unread: '未读消息',
    notices: '公告',
    pending: '待审批',
    latestMessages: '最新消息',
    shortcuts: '快捷入口',
  },
} as const;

/** Fills `{name}` placeholders. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}
