import type { ApiClient } from '../client'
import { COUNTRY_PREFIX, PLATFORM } from '../constants'
import type { LoginData, UploadPurpose, UploadedFile } from '../contract'
import type { AppSettings, CancelAccountBody } from '../contract'
import { UPLOAD_TIMEOUT_MS } from '../constants'

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

/** Ends this session on the server: the token answers 401 from then on (CONTRACT.md). */
export function logout(api: ApiClient): Promise<null> {
  return api.request<null>({ service: 'user-server', path: 'musicOauth/logout' })
}

/** The URL of the app download page. */
export function downloadLink(api: ApiClient): Promise<string> {
  return api.request<string>({ service: 'user-server', path: 'user/downloadLink', auth: false })
}

/**
 * Uploads one file (`obs/uploadFile`, multipart, signed over an empty body). The server judges
 * the type by the bytes; `onProgress` hears the fraction sent.
 */
export function uploadFile(
  api: ApiClient,
  file: Blob,
  purpose: UploadPurpose,
  fileName: string,
  options: { onProgress?: (fraction: number) => void } = {},
): Promise<UploadedFile> {
  const form = new FormData()
  // The purpose first, so the server knows the limit before the bytes arrive.
  form.append('purpose', purpose)
  form.append('file', file, fileName)
  return api.request<UploadedFile>({
    service: 'user-server',
    path: 'obs/uploadFile',
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(options.onProgress === undefined ? {} : { onUploadProgress: options.onProgress }),
  })
}

// Account cancellation and the app's settings (mobile branch).
/** Cancels the logged-in account; `confirmation` is what the user typed (确认注销). */
export function cancelAccount(api: ApiClient, confirmation: string): Promise<null> {
  return api.request<null>({
    service: 'user-server',
    path: 'user/cancelAccount',
    body: { confirmation } satisfies CancelAccountBody,
  })
}

/** The store links, the open-app link and the footer's contact image and filing notes. */
export function appSettings(api: ApiClient): Promise<AppSettings> {
  return api.request<AppSettings>({ service: 'user-server', path: 'user/appSettings', auth: false })
}
