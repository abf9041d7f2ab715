import type { ApiClient } from '../client'
import { COUNTRY_PREFIX, PLATFORM } from '../constants'
import type { LoginData } from '../contract'

/** The wire form of a phone number: the country prefix and the digits. */
export function toWirePhone(digits: string): string {
  return COUNTRY_PREFIX + digits
}

/** Sends a login code; the fields travel as query parameters with no body (CONTRACT.md). */
export function sendSms(api: ApiClient, phoneDigits: string): Promise<null> {
  return api.request<null>({
    service: 'user-server',
    path: 'musicOauth/send-sms',
    params: { phone: toWirePhone(phoneDigits), platform: PLATFORM, type: 'login' },
    auth: false,
  })
}

export function login(api: ApiClient, phoneDigits: string, smsCode: string): Promise<LoginData> {
  return api.request<LoginData>({
    service: 'user-server',
    path: 'musicOauth/login',
    body: {
      mobile: toWirePhone(phoneDigits),
      smsCode,
      platform: PLATFORM,
      smsCodeType: 'login',
    },
    auth: false,
  })
}

/** The URL of the app download page. */
export function downloadLink(api: ApiClient): Promise<string> {
  return api.request<string>({ service: 'user-server', path: 'user/downloadLink', auth: false })
}

/** Ends this session on the server: afterwards its token answers 401 (CONTRACT.md, logout). */
export function logout(api: ApiClient): Promise<null> {
  return api.request<null>({ service: 'user-server', path: 'musicOauth/logout' })
}
