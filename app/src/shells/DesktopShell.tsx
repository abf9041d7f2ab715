import { resolveImageUrl } from '@gy/api'
import { AppFooter, AppHeader } from '@gy/design-system'
import { Suspense } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { PageFallback } from './PageFallback'
import { useRuntime, useSession } from '../providers/runtime'
import { STRINGS } from '../strings'
import { LazyLoginDialog, LazyPlayer, LazySessionExpiryDialog, LazyToasts } from './LazyHosts'
import { renderLink } from './renderLink'
import * as styles from './shell.css'
import { usePlayerBarOpen, useRouteEffects } from './useRouteEffects'

const NAV_ITEMS = [
  { key: 'home', label: STRINGS.nav.home, href: '/home' },
  { key: 'copyrightedMusic', label: STRINGS.nav.copyrightedMusic, href: '/copyrightedMusic' },
  { key: 'aboutUs', label: STRINGS.nav.aboutUs, href: '/aboutUs' },
] as const

const USER_MENU = [
  { key: '/accountInfo', label: STRINGS.userMenu.accountInfo },
  { key: '/musiciansZone', label: STRINGS.userMenu.musiciansZone },
  { key: '/copyrightRegistrationList', label: STRINGS.userMenu.copyrightRegistrationList },
  { key: '/copyrightOwnerManager', label: STRINGS.userMenu.copyrightOwnerManager },
  { key: 'logout', label: STRINGS.userMenu.logout, tone: 'danger' as const },
]

const FOOTER_GROUPS = [
  {
    key: 'platform',
    title: STRINGS.footer.groupPlatform,
    links: [
      { key: 'aboutUs', label: STRINGS.footer.aboutUs, href: '/aboutUs' },
      {
        key: 'upload',
        label: STRINGS.footer.uploadWorks,
        href: '/musiciansZone/copyrightDeposit',
      },
      {
        key: 'registration',
        label: STRINGS.footer.copyrightRegistration,
        href: '/administrativeRegistration',
      },
    ],
  },
  {
    key: 'agreements',
    title: STRINGS.footer.groupAgreements,
    links: [
      { key: 'gyServe', label: STRINGS.footer.userAgreement, href: '/gyServe' },
      { key: 'gyPrivacy', label: STRINGS.footer.privacy, href: '/gyPrivacy' },
      { key: 'gyHelpshare', label: STRINGS.footer.authorisedSharing, href: '/gyHelpshare' },
    ],
  },
]

/** The desktop layout: header, page, footer, and the app-wide dialogs (SPEC.md section 2). */
export function DesktopShell() {
  useRouteEffects()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { loginDialog, logOut } = useRuntime()
  const { userInfo } = useSession()

  const navItems = NAV_ITEMS.map((item) => ({
    ...item,
    active: pathname === item.href || pathname.startsWith(`${item.href}/`),
  }))

  return (
    <div className={styles.desktopShell} data-player={usePlayerBarOpen() ? 'open' : undefined}>
      <AppHeader
        navItems={navItems}
        renderLink={renderLink}
        user={
          userInfo
            ? { nickName: userInfo.nickName, avatarUrl: resolveImageUrl(userInfo.headerUrl) }
            : null
        }
        onLoginClick={() => loginDialog.send({ type: 'login.open' })}
        menuItems={USER_MENU}
        onMenuSelect={(key) => (key === 'logout' ? logOut() : void navigate(key))}
      />
      <main className={styles.main}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter
        groups={FOOTER_GROUPS}
        renderLink={renderLink}
        contactLabel={STRINGS.footer.contact}
        notes={[STRINGS.footer.filing, STRINGS.footer.copyright]}
      />
      <LazyPlayer />
      <LazyLoginDialog />
      <LazySessionExpiryDialog />
      <LazyToasts />
    </div>
  )
}
