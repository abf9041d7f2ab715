import { downloadLink } from '@gy/api'
import { ANDROID_OPEN_FALLBACK_MS, mobilePlatformOf } from './openApp'
import { useRuntime } from './runtime'
import { loadAppSettings } from './useAppSettings'

/**
 * What 下载App and 打开App do (SPEC.md sections 4 and 9): download goes to the App Store on iOS, the
 * app market on Android, else to the `user/downloadLink` page; opening the app on Android falls
 * back to that download page when the app has not opened within 4 s. The links are the server's
 * settings (`user/appSettings`), so the operator changes them without a release.
 */
export function useAppLinks(): { download: () => Promise<void>; openApp: () => Promise<void> } {
  const { api, toasts } = useRuntime()

  function fail(error: unknown): void {
    toasts.show('error', error instanceof Error ? error.message : String(error))
  }

  async function goToDownloadPage(): Promise<void> {
    try {
      window.location.assign(await downloadLink(api))
    } catch (error) {
      fail(error)
    }
  }

  async function download(): Promise<void> {
    const platform = mobilePlatformOf(navigator.userAgent)
    if (platform === 'other') return goToDownloadPage()
    try {
      const settings = await loadAppSettings(api)
      window.location.assign(platform === 'ios' ? settings.iosStoreUrl : settings.androidMarketUrl)
    } catch (error) {
      fail(error)
    }
  }

  async function openApp(): Promise<void> {
    let settings
    try {
      settings = await loadAppSettings(api)
    } catch (error) {
      return fail(error)
    }
    if (mobilePlatformOf(navigator.userAgent) === 'android') {
      const fallback = window.setTimeout(() => void goToDownloadPage(), ANDROID_OPEN_FALLBACK_MS)
      // A page sent to the background means the app opened: no fallback then.
      document.addEventListener(
        'visibilitychange',
        () => document.hidden && window.clearTimeout(fallback),
        { once: true },
      )
    }
    window.location.assign(settings.openAppUrl)
  }

  return { download, openApp }
}
