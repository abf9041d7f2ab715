import { describe, expect, it } from 'vitest'
import { MESSAGES } from './messages'

// The one place the spec's own sentences are pinned (SPEC.md sections 5 and 8): the server
// answers with them and every layer shows them from this catalogue, so a slip of wording here
// would reach every user. The product's own messages are free to change and are not repeated.
describe('MESSAGES', () => {
  it('holds the sentences of the spec word for word', () => {
    expect({
      phoneRequired: MESSAGES.phoneRequired,
      smsCodeRequired: MESSAGES.smsCodeRequired,
      sessionExpired: MESSAGES.sessionExpired,
      loggedInElsewhere: MESSAGES.loggedInElsewhere,
      missingLogin: MESSAGES.missingLogin,
      timeout: MESSAGES.timeout,
      serverError: MESSAGES.serverError,
      loginFailed: MESSAGES.loginFailed,
      smsSent: MESSAGES.smsSent,
      loginSucceeded: MESSAGES.loginSucceeded,
      copySucceeded: MESSAGES.copySucceeded,
      copyFailed: MESSAGES.copyFailed,
    }).toEqual({
      phoneRequired: '请输入手机号码',
      smsCodeRequired: '验证码不能为空',
      sessionExpired: '登录状态已过期，请重新登录',
      loggedInElsewhere: '当前账号已在其它地方登录！',
      missingLogin: '缺少用户登录信息，请登录！',
      timeout: '请求超时，请稍后再试',
      serverError: '服务器异常，请稍后重试',
      loginFailed: '请求失败！请重新登录',
      smsSent: '短信验证码发送成功',
      loginSucceeded: '登录成功',
      copySucceeded: '复制成功',
      copyFailed: '复制失败!请手动复制',
    })
  })
})
