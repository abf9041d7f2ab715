import { pointsBalance, resolveImageUrl } from '@gy/api'
import { AppFooter, AppHeader, formatPoints } from '@gy/design-system'
import { Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { PageFallback } from './PageFallback'
import { useAppSettings } from '../providers/useAppSettings'
import { useRuntime, useSession } from '../providers/runtime'
import { LICENCE_MENU_TEXT, STRINGS, UX_TEXT } from '../strings'
import { ChunkErrorBoundary } from './ChunkErrorBoundary'
import { LazyLoginDialog, LazyPlayer, LazySessionExpiryDialog, LazyToasts } from './LazyHosts'
import { renderLink } from './renderLink'
import * as styles from './shell.css'
import { usePlayerBarOpen, useRouteEffects } from './useRouteEffects'

const NAV_ITEMS = [
  { key: 'home', label: STRINGS.nav.home, href: '/home' },
  { key: 'copyrightedMusic', label: STRINGS.nav.copyrightedMusic, href: '/copyrightedMusic' },
  // Votes (votes branch).
  { key: 'votes', label: STRINGS.nav.votes, href: '/vote/list' },
  { key: 'aboutUs', label: STRINGS.nav.aboutUs, href: '/aboutUs' },
] as const

const USER_MENU = [
  { key: '/accountInfo', label: STRINGS.userMenu.accountInfo },
  { key: '/buyPoints', label: UX_TEXT.menuBuyPoints },
  { key: '/pointsRecords', label: UX_TEXT.menuPointsRecords },
  { key: '/myLicences', label: LICENCE_MENU_TEXT.menuMyLicences },
  { key: '/musiciansZone', label: STRINGS.userMenu.musiciansZone, separatorBefore: true },
  { key: '/copyrightRegistrationList', label: STRINGS.userMenu.copyrightRegistrationList },
  { key: '/copyrightOwnerManager', label: STRINGS.userMenu.copyrightOwnerManager },
  { key: 'logout', label: STRINGS.userMenu.logout, tone: 'danger' as const, separatorBefore: true },
]

/**
 * The logged-in user's points balance for the user menu, read each time the menu opens (so it is
 * fresh after a top-up, and no page pays a call for a menu nobody opened); null while unknown. A
 * failure only leaves the hint out: the menu works without it.
 */
function useMenuBalance(userId: string | undefined): {
  balance: number | null
  onMenuOpenChange: (open: boolean) => void
} {
  const { api } = useRuntime()
  const [opened, setOpened] = useState(0)
  const [balance, setBalance] = useState<{ userId: string; points: number } | null>(null)
  useEffect(() => {
    if (!userId || opened === 0) return
    let current = true
    pointsBalance(api).then(
      ({ points }) => current && setBalance({ userId, points }),
      (error: unknown) => console.warn('points balance unavailable', error),
    )
    return () => {
      current = false
    }
  }, [api, userId, opened])
  return {
    balance: balance && balance.userId === userId ? balance.points : null,
    onMenuOpenChange: (open) => open && setOpened((count) => count + 1),
  }
}

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
      { key: 'verify', label: STRINGS.footer.verifyDeposit, href: '/verify' },
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
  const { openLogin, logOut } = useRuntime()
  const settings = useAppSettings()
  const { userInfo } = useSession()
  const { balance, onMenuOpenChange } = useMenuBalance(userInfo?.userId)
  const menuItems = USER_MENU.map((item) =>
    item.key === '/buyPoints' && balance !== null
      ? { ...item, hint: UX_TEXT.balance(formatPoints(balance)) }
      : item,
  )

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
        onLoginClick={openLogin}
        menuItems={menuItems}
        onMenuOpenChange={onMenuOpenChange}
        onMenuSelect={(key) => (key === 'logout' ? logOut() : void navigate(key))}
      />
      <main className={styles.main}>
        <ChunkErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      <AppFooter
        groups={FOOTER_GROUPS}
        renderLink={renderLink}
        contactLabel={STRINGS.footer.contact}
        // The contact image and filing notes are the operator's settings (user/appSettings).
        contactImage={
          settings?.contactImageUrl ? (
            <img src={settings.contactImageUrl} alt={STRINGS.footer.contact} />
          ) : undefined
        }
        notes={[...(settings?.filingNotes ?? []), STRINGS.footer.copyright]}
      />
      <LazyPlayer />
      <LazyLoginDialog />
      <LazySessionExpiryDialog />
      <LazyToasts />
    </div>
  )
}
