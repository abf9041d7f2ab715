import { BrowserTipOverlay, OpenAppBar } from '@gy/design-system'
import { Suspense, useState, useSyncExternalStore } from 'react'
import { Outlet, useLocation } from 'react-router'
import { type InAppBrowser, inAppBrowserOf } from '../providers/openApp'
import { useAppLinks } from '../providers/useAppLinks'
import { MOBILE_ROUTES } from '../routes/routeTable'
import { MOBILE_TEXT } from '../strings.mobile'
import { ChunkErrorBoundary } from './ChunkErrorBoundary'
import { PageFallback } from './PageFallback'
import * as styles from './shell.css'
import { LazyLoginDialog, LazyPlayer, LazySessionExpiryDialog, LazyToasts } from './LazyHosts'
import { usePlayerBarOpen, useRouteEffects } from './useRouteEffects'

const TEXT = MOBILE_TEXT

const neverChanges = () => () => undefined
const readInAppBrowser = () => inAppBrowserOf(navigator.userAgent)
const noInAppBrowser = (): InAppBrowser => null

/**
 * The mobile layout (SPEC.md section 2): the open-app bar over the page (not on the pages the spec
 * names), the in-app browser tip inside WeChat and MIUI, and login as a bottom sheet.
 */
export function MobileShell() {
  useRouteEffects()
  const { pathname } = useLocation()
  const { download, openApp } = useAppLinks()
  // The browser the page opened in decides the first tip; hydration reads none (the prerendered
  // first screen, app/src/prerender, has none) and shows it right after.
  const inAppBrowser = useSyncExternalStore(neverChanges, readInAppBrowser, noInAppBrowser)
  const [shownTip, setTip] = useState<InAppBrowser | 'detected'>('detected')
  const tip = shownTip === 'detected' ? inAppBrowser : shownTip
  const route = MOBILE_ROUTES.find((entry) => entry.path === pathname)
  const showHeader = route?.header ?? true

  function tapOpenApp(): void {
    // Neither browser can hand over to another app: the tip says how to get out first.
    const inApp = inAppBrowserOf(navigator.userAgent)
    if (inApp) return setTip(inApp)
    void openApp()
  }

  return (
    <div className={styles.mobileShell} data-player={usePlayerBarOpen() ? 'open' : undefined}>
      {showHeader && (
        <OpenAppBar
          name={TEXT.bar.name}
          pitch={TEXT.bar.pitch}
          downloadLabel={TEXT.bar.download}
          openLabel={TEXT.bar.openApp}
          onDownload={() => void download()}
          onOpenApp={tapOpenApp}
        />
      )}
      <main>
        <ChunkErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      {tip && (
        <BrowserTipOverlay
          kind={tip}
          lines={tip === 'wechat' ? TEXT.tip.wechat : TEXT.tip.miui}
          dismissHint={TEXT.tip.dismiss}
          onDismiss={() => setTip(null)}
        />
      )}
      <LazyPlayer />
      <LazyLoginDialog presentation="sheet" />
      <LazySessionExpiryDialog />
      <LazyToasts />
    </div>
  )
}
