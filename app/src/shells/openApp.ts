/** Where the mobile download and open-app buttons go (SPEC.md sections 4 and 9). */
export const APP_LINKS = {
  iosStore: 'https://apps.apple.com/cn/app/id0000000000',
  androidMarket: 'market://details?id=com.gy.music',
  /** The app's own scheme; opens the music push record. */
  openApp: 'gymusic://music/push',
} as const

/** If the Android app has not opened within this time, send the user to the download. */
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
