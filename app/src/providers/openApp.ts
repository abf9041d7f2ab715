/** If the Android app has not opened within this time, send the user to the download (SPEC.md section 9). */
export const ANDROID_OPEN_FALLBACK_MS = 4000

export type MobilePlatform = 'ios' | 'android' | 'other'

export function mobilePlatformOf(userAgent: string): MobilePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return 'other'
}

export type InAppBrowser = 'wechat' | 'miui' | null

/** WeChat and MIUI's browser cannot open other apps, so the user is asked to switch browsers. */
export function inAppBrowserOf(userAgent: string): InAppBrowser {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat'
  if (/MiuiBrowser/i.test(userAgent)) return 'miui'
  return null
}
