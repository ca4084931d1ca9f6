/**
 * Strings of the system-settings area (src/features/settings): 系统设置, 公告, 接口文档, 字典管理,
 * 树形字典, 配置管理, 城市管理, 日志管理, 消息通知, 系统动态管理; plus the form's text-format
 * messages (email, phone, URL, pattern) and the detail dialog's labels.
 */
export const settings = {
  format: {
    email: (name: string) => `${name}格式不正确，请输入正确的邮箱地址`,
    phone: (name: string) => `${name}格式不正确，请输入11位手机号码`,
    url: (name: string) => `${name}格式不正确，请输入以 http:// 或 https:// 开头的网址`,
    pattern: (name: string) => `${name}格式不正确`,
  },
  info: {
    /** A parent id 0: the record is at the top of its tree. */
    topLevel: '无（顶级）',
    pathSeparator: ' / ',
  },
} as const;
