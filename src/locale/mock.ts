import { upload } from './upload';

/**
 * Messages the built-in mock backend answers with (it plays the server, so these reach the
 * user through the request client's toasts). Password rules are spec section 5 in natural
 * Chinese, worded as the client-side form says them.
 */
export const mockMessages = {
  loginExpired: '401，登录失效！',
  badCredentials: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  accountDisabled: '账号已被禁用',
  loginSuccess: '登录成功',
  /** Refused during the wait after repeated wrong passwords (src/mocks/login-throttle). */
  loginWait: (seconds: number) =>
    `登录失败次数过多，请 ${seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`}后再试`,
  ssoTicketRefused: '单点登录票据无效或已过期，请重新登录',
  wechatCodeRefused: '微信授权码无效或已过期，请重新扫码登录',
  loggedOut: '已退出登录',
  required: (label: string) => `请输入${label}`,
  notFound: '记录不存在',
  deleted: '删除成功',
  restored: '恢复成功',
  destroyed: '已彻底删除',
  imported: (count: number) => `成功导入 ${count} 条数据`,
  importNoFile: '请上传 Excel 文件',
  importBadFile: 'Excel 文件无法解析，请使用导入模板',
  // --- Excel import: the file, its header row, then each row checked as 新增 checks it -----
  importEmptyFile: '文件是空的，请选择填好数据的 Excel 文件',
  importXls: '暂不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新导入',
  importTooLarge: (limit: string) =>
    `文件内容过多（解压后超过 ${limit} 或单元格过多），请删除多余的列和工作表后重新导入`,
  importTooManyRows: (max: number) => `一次最多导入 ${max} 行数据，请拆分成多个文件分批导入`,
  importNoColumns: '该模块没有可导入的列',
  importNoRows: '表格中没有数据（第 1 行是表头，数据从第 2 行开始填写）',
  importBadHeader: (problems: readonly string[], expected: readonly string[]) =>
    `表头与导入模板不一致：${problems.join('；')}。第 1 行应依次为：${expected.join('、')}`,
  importHeaderMissing: '第 1 行没有表头',
  importHeaderUnknown: (names: string) => `不认识的列${names}`,
  importHeaderDuplicate: (names: string) => `重复的列${names}`,
  importHeaderRequired: (names: string) => `缺少必填列${names}`,
  importMoreColumns: (more: number) => ` 等另外 ${more} 列`,
  importColumnLabel: (letter: string) => `${letter}列`,
  importNoHeader: (label: string) => `${label}有内容但没有表头，无法导入`,
  importFormulaNoResult: (label: string) =>
    `「${label}」是公式，文件中没有保存计算结果，请在 Excel 中打开并保存后重新导入`,
  importCellError: (label: string, code: string) => `「${label}」是错误值 ${code}`,
  /** One row's problem as the user reads it: 第3行：「手机号」格式不正确. */
  importRowProblem: (row: number, message: string) => `第${row}行：${message}`,
  importRefused: (rows: number, first: string) =>
    `导入失败：${rows} 行数据有问题，所有数据均未导入（${first}${rows > 1 ? ' 等' : ''}）`,
  unknownField: (field: string) => `字段 ${field} 不存在`,
  callNotFound: '404，接口不存在！',
  /** The path is a call of the contract, but not under the method it was sent with. */
  callMethodNotAllowed: '405，接口不支持该请求方式！',
  oldPwdRequired: '请输入旧密码！',
  newPwdRequired: '请输入新密码！',
  passwordLength: '密码长度8到20个字符',
  passwordPattern: '必须包含数字、大小写字母和特殊符号',
  confirmRequired: '请确认密码！',
  passwordMismatch: '两次输入的密码不一致！',
  oldPwdWrong: '旧密码不正确！',
  passwordChanged: '密码修改成功，请重新登录',
  passwordReset: (password: string) => `密码已重置为 ${password}`,
  categoryParentRequired: '请选择上级分类',
  categoryNameRequired: '请输入分类名称',
  categoryTooDeep: '只能建立两级分类，二级分类下不能再添加子分类',
  categoryHasChildren: '该分类下还有子分类，不能删除',
  attachmentNameRequired: '请输入附件名称',
  attachmentUrlRequired: '请输入附件地址',
  attachmentUrlInvalid: '附件地址必须是以 http:// 或 https:// 开头的网址',
  uploadNoFile: '请选择要上传的文件',
  chunkAccepted: '分片上传成功',
  chunkInvalid: '分片信息不正确',
  chunksTooLarge: '未完成的分片上传过多，请稍后重试',
  /** A chunked file larger than what one user's unfinished uploads may hold (src/mocks/slice-upload). */
  chunkFileTooLarge: (limit: string) => `文件过大，大文件上传不能超过 ${limit}`,
  storageFull: (limit: string) => `存储空间已满（上限 ${limit}），请删除不用的附件后重试`,
  /** The demo's browser storage (localStorage) could not take a write: it was not kept. */
  demoStorageFull:
    '演示数据已占满浏览器存储，本次保存未成功。请删除不用的记录或附件后再试，或清除本网站的浏览器数据（演示数据将恢复为初始状态）',
  /** The mock server's data folder could not take a write (disk full, I/O error): not kept. */
  serverStorageFailed: '服务器数据写入磁盘失败（磁盘已满或无法写入），本次保存未成功，请稍后再试',
  ossAccessDenied: '云存储凭证无效或已过期',
  ossNoSuchUpload: '分片上传不存在或已过期',
  ossInvalidPart: '分片信息不正确',
  ossNoSuchKey: '文件不存在',
  uploadSuccess: '上传成功',
  /** Spec section 5 'file format incorrect, please upload {types} format!', as the client says it. */
  uploadWrongType: upload.wrongType,
  cacheRebuilt: '缓存已更新',
  mockReset: '演示数据已重置',
  wordImported: (name: string) =>
    `<p>${name.replace(/[<>&]/g, '')}（演示环境：已接收文档，未转换正文）</p>`,
  examineRemarkRequired: '驳回时请填写审批意见',
  examineStatusInvalid: '请选择审批结果',
  ueditorNoFile: '未找到上传文件',
  ueditorBadAction: '请求地址出错',
  // --- remote image capture (/ueditor/ue?action=catchimage): one state per address ----------
  catchNoSource: '没有要抓取的图片地址',
  catchBadAddress: '图片地址不正确，只能抓取 http 或 https 地址',
  catchTooMany: (limit: number) => `一次最多抓取 ${limit} 张图片，此图片未抓取`,
  catchFailed: '远程图片下载失败',
  catchTimeout: '远程图片下载超时',
  catchTooManyRedirects: '远程图片地址重定向次数过多',
  catchTooLarge: (limit: string) => `远程图片过大，不能超过 ${limit}`,
  catchNotImage: (types: readonly string[]) => `远程地址的内容不是${types.join('/')}格式的图片`,
  /**
   * Every failure that depends on what answered (an address not on the internet, a closed port,
   * a timeout, a page…) unless private addresses are allowed: the one state tells no port apart.
   */
  catchUnavailable: '远程图片抓取失败',
  // --- the request guards: what a hostile or broken request is told -----------------------
  noPermission: '暂无权限',
  internalError: '500，内部服务器错误！',
  bodyTooLarge: (limit: string) => `请求内容过大，不能超过 ${limit}`,
  uploadTooLarge: (limit: string) => `上传文件过大，不能超过 ${limit}`,
  malformedJson: '请求格式错误（JSON 无法解析）',
  malformedForm: '请求格式错误（表单无法解析）',
  tooDeep: '请求格式错误（嵌套层级过深）',
  // Contract violations name the field by its label (「公告标题」).
  bodyLabel: '请求内容',
  tooLong: (label: string, limit: number) => `「${label}」长度不能超过${limit}个字符`,
  tooShort: (label: string, limit: number) => `「${label}」长度不能少于${limit}个字符`,
  badValue: (label: string) => `「${label}」取值不正确`,
  badFormat: (label: string) => `「${label}」格式不正确`,
  notInteger: (label: string) => `「${label}」必须是整数`,
  notNumber: (label: string) => `「${label}」必须是数字`,
  notText: (label: string) => `「${label}」必须是文本`,
  /** A number JSON cannot hold (1e400 reads as Infinity). */
  notFiniteNumber: (label: string) => `「${label}」必须是有效的数字`,
  /** Not a day of the calendar (2025-02-30, 0000-00-00). */
  notDate: (label: string) => `「${label}」必须是有效的日期`,
  dateTooEarly: (label: string, limit: string) => `「${label}」不能早于${limit}`,
  dateTooLate: (label: string, limit: string) => `「${label}」不能晚于${limit}`,
  /** A one-line text holding a line break, a tab or another control character (NUL …). */
  singleLineControl: (label: string) => `「${label}」不能包含换行符、制表符等控制字符`,
  /** A multi-line text holding a control character other than tab and line breaks. */
  multiLineControl: (label: string) => `「${label}」不能包含控制字符`,
  tooSmall: (label: string, limit: number) => `「${label}」不能小于${limit}`,
  tooBig: (label: string, limit: number) => `「${label}」不能大于${limit}`,
  tooManyItems: (label: string, limit: number) => `「${label}」最多${limit}项`,
  tooFewItems: (label: string, limit: number) => `「${label}」至少${limit}项`,
  // --- the message socket (/ws): close reasons (at most 123 bytes each, RFC 6455) ------------
  socketSignInRequired: '消息连接需要登录：未登录或登录已失效',
  socketTooMany: (limit: number) => `同一账号最多同时打开 ${limit} 个消息连接`,
  socketBusy: '消息连接过多，请稍后再试',
  socketForeignOrigin: '不允许从其他网站连接消息通道',
} as const;

/** Names of the query fields every list call shares, for the messages above. */
export const mockQueryLabels: Readonly<Record<string, string>> = {
  pageindex: '页码',
  pagesize: '每页条数',
  keyword: '关键词',
};

/**
 * The token URL an imported OAuth2 source's mock answers (src/mocks/rest-source/oauth-token.ts):
 * the `error_description` of its RFC 6749 error bodies, which the sign-in dialog shows.
 */
export const sourceTokenMessages = {
  wrongContentType: '请求格式错误：令牌请求必须以 application/x-www-form-urlencoded 表单提交',
  tooLarge: (limit: number) => `请求体过大：令牌请求不能超过 ${limit} 字节`,
  noGrantType: '缺少 grant_type 参数',
  unsupportedGrant: (grant: string) => `不支持的授权方式：${grant}`,
  wrongClient: '客户端 ID 或客户端密钥错误',
  unreadableClient: '客户端认证信息无法识别',
  wrongUser: '用户名或密码错误',
  postOnly: '令牌地址只接受 POST 请求',
} as const;
