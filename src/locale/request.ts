/**
 * Messages of the request client (spec section 8). The status catalogue is verbatim; the
 * upload messages the spec quotes in English are given in natural Chinese.
 */
export const requestMessages = {
  /** 201 without a server message. */
  apiError: '接口出错！',
  loginExpired: '401，登录失效！',
  /** The spec's wording for 403, kept verbatim (it really says 404). */
  forbidden: '404，暂无权限！',
  notFound: '404，接口不存在！',
  serverError: '500，内部服务器错误！',
  networkError: '网络错误，请稍后重试！',
  timeout: '请求超时，请稍后重试！',
  httpError: (code: number) => `请求失败，HTTP 状态码 ${code}`,
  /** 502 / 503 / 504: the gateway answered, the back end behind it did not. */
  serviceUnavailable: '服务暂时不可用，请稍后重试',
} as const;

export const uploadMessages = {
  httpError: (code: number) => `HTTP 错误：${code}`,
  fileHttpError: (code: number) => `文件上传失败：${code}`,
  imageRejected: (msg: string) => `图片上传失败：${msg}`,
  fileRejected: (msg: string) => `文件上传失败：${msg}`,
  generic: '上传失败，请重试',
  directUploadFailed: '前端直传云存储失败',
  chunkFailed: '上传失败',
  chunkSucceeded: '上传成功',
} as const;
