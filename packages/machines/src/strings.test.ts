import { describe, expect, it } from 'vitest'
import { MACHINE_STRINGS, resendLabel } from './strings'

describe('MACHINE_STRINGS', () => {
  it('holds the spec texts word for word', () => {
    expect(MACHINE_STRINGS).toEqual({
      phoneRequired: '请输入手机号码',
      smsCodeRequired: '验证码不能为空',
      smsSent: '短信验证码发送成功',
      loginSucceeded: '登录成功',
      loginFailed: '请求失败！请重新登录',
      loggingIn: '登录中',
      getCode: '获取验证码',
      sendingCode: '发送中…',
      sessionPromptTitle: '系统提示',
      sessionExpired: '登录状态已过期，请重新登录',
      loggedInElsewhere: '当前账号已在其它地方登录！',
      missingLogin: '缺少用户登录信息，请登录！',
      sessionConfirm: '重新登录',
      sessionCancel: '取消',
    })
  })

  it('labels the resend countdown with ASCII parentheses', () => {
    expect(resendLabel(60)).toBe('重新发送(60)')
  })
})
