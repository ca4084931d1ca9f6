/**
 * Messages of imported REST sources (src/lib/rest-source): what the user sees when a source
 * answers with an HTTP error or does not answer. Each names the source by its menu title, since
 * the failure is that server's, not the back-office's own; the server's detail, when it gave one,
 * follows as plain text.
 */
export const restSourceMessages = {
  /** 400 / 422: the server refused what was submitted. */
  invalid: (detail: string) =>
    detail ? `提交的数据有误：${detail}` : '提交的数据有误，请检查后重试',
  /** 401: the source wants a (new) credential; the stored one has been dropped. */
  signInRequired: (title: string) => `需要登录「${title}」后才能继续`,
  forbidden: (title: string, detail: string) =>
    detail ? `没有「${title}」的操作权限：${detail}` : `没有「${title}」的操作权限`,
  notFound: '记录不存在',
  conflict: (detail: string) =>
    detail ? `数据冲突：${detail}` : '数据冲突：记录已被修改或已存在，请刷新后重试',
  serverError: (title: string, detail: string) =>
    detail ? `「${title}」服务器出错：${detail}` : `「${title}」服务器出错，请稍后重试`,
  httpError: (code: number, detail: string) =>
    detail ? `请求失败（HTTP ${code}）：${detail}` : `请求失败（HTTP ${code}）`,
  networkError: (title: string) => `无法连接「${title}」，请检查网络后重试`,
  timeout: (title: string) => `「${title}」响应超时，请稍后重试`,
  /** A successful answer whose body is not the JSON the call expects. */
  unreadable: (title: string) => `「${title}」返回的数据无法识别`,
  /** A call's address names a parameter the record does not carry (a generator/contract slip). */
  missingPathParam: (name: string) => `调用地址缺少参数 ${name}`,
  /** A typed hook called with an address under no imported source (a generator slip). */
  unknownSource: (url: string) => `调用地址 ${url} 不属于任何已导入的接口`,
  /** A nested collection's screen (a book's reviews). */
  nestedUnder: (label: string, key: string) => `${label}：${key}`,
  openFromParent: '请从上级列表的行操作进入此页面。',
  backToParent: '返回上级列表',
  /** The sign-in dialog of a source (asked on its first 401). */
  signInTitle: (title: string) => `登录「${title}」`,
  signInIntro: (title: string) =>
    `「${title}」需要凭据才能继续。凭据只保存在当前标签页，退出登录或关闭标签页后即失效。`,
  signInToken: '访问令牌',
  signInApiKey: (name: string) => `API 密钥（${name}）`,
  signInUser: '用户名',
  signInPassword: '密码',
  signInRequiredField: (field: string) => `请输入${field}`,
  signInSubmit: '登录',
  signInCancel: '取消',
  signedIn: (title: string) => `已登录「${title}」`,
  /** OAuth2 sources: the dialog asks for a client's or a user's credentials, then a token. */
  signInClientId: '客户端 ID',
  signInClientSecret: '客户端密钥',
  signInOptional: (label: string) => `${label}（可选）`,
  signingIn: '正在登录…',
  /** The token URL answered invalid_client (or 401): the client ID or secret is wrong. */
  tokenWrongClient: '客户端 ID 或客户端密钥错误，请检查后重试',
  /** The token URL answered invalid_grant to a password flow: the user name or password. */
  tokenWrongUser: '用户名或密码错误，请检查后重试',
  tokenRefused: (title: string, detail: string) =>
    detail ? `「${title}」拒绝了登录：${detail}` : `「${title}」拒绝了登录`,
  tokenNetworkError: (title: string) => `无法连接「${title}」的登录地址，请检查网络后重试`,
  /** A 2xx answer of the token URL without an access_token (or of a token type other than bearer). */
  tokenUnreadable: (title: string) => `「${title}」的登录地址没有返回可用的访问令牌`,
} as const;
