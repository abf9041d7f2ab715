/**
 * Every message that crosses the wire or comes from the error catalogue (SPEC.md sections 5 and 8),
 * word for word. The server answers with these; the client shows them.
 */
export const MESSAGES = {
  // Success messages.
  smsSent: '短信验证码发送成功',
  loginSucceeded: '登录成功',
  copySucceeded: '复制成功',
  ok: '操作成功',

  // The catalogue of section 8.
  sessionExpired: '登录状态已过期，请重新登录',
  loggedInElsewhere: '当前账号已在其它地方登录！',
  missingLogin: '缺少用户登录信息，请登录！',
  timeout: '请求超时，请稍后再试',
  serverError: '服务器异常，请稍后重试',
  loginFailed: '请求失败！请重新登录',
  copyFailed: '复制失败!请手动复制',

  // Validation of section 5.
  phoneRequired: '请输入手机号码',
  smsCodeRequired: '验证码不能为空',

  // The server's own answers, written for this product.
  phoneInvalid: '手机号码格式不正确',
  smsCodeInvalid: '验证码应为6位数字',
  smsCodeWrong: '验证码错误',
  smsCodeExpired: '验证码已失效，请重新获取',
  smsTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  loginTooFrequent: '登录尝试过于频繁，请稍后再试',
  platformInvalid: '平台参数不正确',
  smsTypeInvalid: '验证码类型不正确',
  nicknameInvalid: '昵称需为1到20个字符，且不能包含特殊符号',
  avatarInvalid: '头像地址不正确',
  nothingToUpdate: '没有需要修改的内容',
  signatureMissing: '缺少签名信息',
  signatureInvalid: '签名校验失败',
  timestampInvalid: '请求时间戳无效或已过期，请校准设备时间',
  nonceInvalid: '请求随机串格式不正确',
  nonceReplayed: '重复的请求，请勿重放',
  bodyInvalid: '请求内容格式不正确',
  bodyTooLarge: '请求内容过大',
  notFound: '请求的资源不存在',
  forbidden: '没有权限执行此操作',
  networkError: '网络连接失败，请检查网络后重试',
} as const

export type MessageKey = keyof typeof MESSAGES
