import { downloadLink } from '@gy/api'
import { Button } from '@gy/design-system'
import { Suspense, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { useRuntime } from '../providers/runtime'
import { MOBILE_ROUTES } from '../routes/routeTable'
import { STRINGS } from '../strings'
import { ANDROID_OPEN_FALLBACK_MS, APP_LINKS, inAppBrowserOf, mobilePlatformOf } from './openApp'
import { ChunkErrorBoundary } from './ChunkErrorBoundary'
import { PageFallback } from './PageFallback'
import * as styles from './shell.css'
import { LazyLoginDialog, LazyPlayer, LazyToasts } from './LazyHosts'
import { usePlayerBarOpen, useRouteEffects } from './useRouteEffects'

/** The mobile layout: an open-app bar (hidden on some pages) over the page (SPEC.md section 2). */
export function MobileShell() {
  useRouteEffects()
  const { pathname } = useLocation()
  const { api, toasts } = useRuntime()
  const userAgent = navigator.userAgent
  const [tip, setTip] = useState(() => inAppBrowserOf(userAgent))
  const route = MOBILE_ROUTES.find((entry) => entry.path === pathname)
  const showHeader = route?.header ?? true

  async function download(): Promise<void> {
    const platform = mobilePlatformOf(userAgent)
    if (platform === 'ios') return void window.location.assign(APP_LINKS.iosStore)
    if (platform === 'android') return void window.location.assign(APP_LINKS.androidMarket)
    try {
      window.location.assign(await downloadLink(api))
    } catch (error) {
      toasts.show('error', error instanceof Error ? error.message : String(error))
    }
  }

  function openApp(): void {
    if (inAppBrowserOf(userAgent)) return setTip(inAppBrowserOf(userAgent))
    window.location.assign(APP_LINKS.openApp)
    if (mobilePlatformOf(userAgent) !== 'android') return
    const fallback = window.setTimeout(() => void download(), ANDROID_OPEN_FALLBACK_MS)
    // A page that went to the background means the app opened: no fallback needed.
    document.addEventListener(
      'visibilitychange',
      () => document.hidden && window.clearTimeout(fallback),
      { once: true },
    )
  }

  return (
    <div className={styles.mobileShell} data-player={usePlayerBarOpen() ? 'open' : undefined}>
      {showHeader && (
        <header className={styles.openAppBar}>
          <img className={styles.brandMark} src="/favicon.svg" alt="" />
          <span className={styles.openAppPitch}>{STRINGS.mobile.appPitch}</span>
          <Button size="sm" variant="secondary" onClick={() => void download()}>
            {STRINGS.mobile.download}
          </Button>
          <Button size="sm" onClick={openApp}>
            {STRINGS.mobile.openApp}
          </Button>
        </header>
      )}
      <main>
        <ChunkErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      {tip && (
        <button type="button" className={styles.browserTip} onClick={() => setTip(null)}>
          {tip === 'wechat' ? STRINGS.mobile.wechatTip : STRINGS.mobile.miuiTip}
        </button>
      )}
      <LazyPlayer />
      <LazyLoginDialog />
      <LazyToasts />
    </div>
  )
}
