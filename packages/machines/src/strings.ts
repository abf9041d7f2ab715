/**
 * Every text the machines hand to the app, word for word from SPEC.md sections 4, 5 and 8.
 * The machines package may not import `@gy/api`, so the catalogue texts it needs are repeated
 * here; the tests pin them to the spec's wording.
 */
export const MACHINE_STRINGS = {
  // Validation (SPEC.md section 5).
  phoneRequired: '请输入手机号码',
  smsCodeRequired: '验证码不能为空',

  // Success messages (SPEC.md section 8).
  smsSent: '短信验证码发送成功',
  loginSucceeded: '登录成功',

  // Failures (SPEC.md section 8).
  loginFailed: '请求失败！请重新登录',

  // The full-screen mask while a login is pending (SPEC.md section 4).
  loggingIn: '登录中',

  // The SMS button (SPEC.md section 4).
  getCode: '获取验证码',
  sendingCode: '发送中…',

  // Session expiry (SPEC.md section 8).
  sessionPromptTitle: '系统提示',
  sessionExpired: '登录状态已过期，请重新登录',
  loggedInElsewhere: '当前账号已在其它地方登录！',
  missingLogin: '缺少用户登录信息，请登录！',
  sessionConfirm: '重新登录',
  sessionCancel: '取消',
} as const

/** The SMS button label while the resend countdown runs, e.g. 重新发送(59). */
export function resendLabel(secondsLeft: number): string {
  return `重新发送(${secondsLeft})`
}

/**
 * The player's texts. Kept apart from {@link MACHINE_STRINGS}, whose tests pin it to the login
 * and session wording; these are not in the spec's catalogue.
 */
export const PLAYER_STRINGS = {
  // A stream that cannot be loaded or decoded (the issue asks for a clear Chinese message).
  audioLoadFailed: '音频加载失败，请稍后重试',
  // The downloaded lyric's file name when the track has no usable name.
  lyricFileFallbackName: '歌词',
} as const
