import { clsx } from 'clsx'
import { type ComponentPropsWithRef, lazy, Suspense } from 'react'
import type { LinkItem, RenderLink } from '../../links'
import { strings } from '../../strings'
import { Button } from '../Button/Button'
import type { DropdownMenuItemTone } from '../DropdownMenu/DropdownMenu'
import { LogoMark } from '../private/icons'
import * as styles from './AppHeader.css'
import { UserMenuFace } from './UserMenuFace'

// The account menu (Radix menu, floating-ui positioning) only matters once someone is logged in,
// so its code loads then rather than with every first page view.
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })))

export interface AppHeaderUser {
  nickName: string
  avatarUrl?: string | null
}

export interface AppHeaderMenuItem {
  key: string
  label: string
  /** `danger` for 退出登录 and the like. */
  tone?: DropdownMenuItemTone
  /** Quiet text at the item's end, e.g. the points balance beside 积分充值. */
  hint?: string
  /** Draws a divider above the item, to group the menu. */
  separatorBefore?: boolean
}

export interface AppHeaderProps extends Omit<ComponentPropsWithRef<'header'>, 'children'> {
  navItems: ReadonlyArray<LinkItem>
  renderLink: RenderLink
  /** Where the brand links to; without it the brand is plain text. */
  brandHref?: string
  brandName?: string
  /** The logged-in user, or null/undefined for a visitor (who sees the 登录 button). */
  user?: AppHeaderUser | null
  onLoginClick?: () => void
  loginLabel?: string
  /** The user menu: 账号信息, 音乐人专区, 版权登记列表, 著作权人管理, 退出登录 in the app. */
  menuItems?: ReadonlyArray<AppHeaderMenuItem>
  onMenuSelect?: (key: string) => void
  /** The user menu opened or closed, e.g. to fetch what its hints show only when they are seen. */
  onMenuOpenChange?: (open: boolean) => void
}

/** The sticky desktop header: brand, main navigation, and the login button or the user menu. */
export function AppHeader({
  navItems,
  renderLink,
  brandHref,
  brandName = strings.brandName,
  user,
  onLoginClick,
  loginLabel = strings.login,
  menuItems = [],
  onMenuSelect,
  onMenuOpenChange,
  className,
  ...props
}: AppHeaderProps) {
  const brandContent = (
    <>
      <LogoMark className={styles.brandMark} />
      <span>{brandName}</span>
    </>
  )

  return (
    <header className={clsx(styles.header, className)} {...props}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          {brandHref
            ? renderLink({ key: 'brand', label: brandName, href: brandHref }, brandContent)
            : brandContent}
        </div>

        <nav className={styles.nav} aria-label={strings.mainNavigation}>
          <ul className={styles.navList}>
            {navItems.map((item) => (
              <li
                key={item.key}
                className={styles.navItem}
                data-active={item.active ? '' : undefined}
              >
                {renderLink(item, item.label)}
                {item.active ? <span className={styles.activeMarker} aria-hidden="true" /> : null}
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.actions}>
          {user ? (
            <Suspense
              fallback={
                <span className={styles.userTrigger} aria-busy="true">
                  <UserMenuFace user={user} />
                </span>
              }
            >
              <UserMenu
                user={user}
                menuItems={menuItems}
                onMenuSelect={onMenuSelect}
                onOpenChange={onMenuOpenChange}
              />
            </Suspense>
          ) : (
            <Button variant="primary" size="md" onClick={onLoginClick}>
              {loginLabel}
            </Button>
          )}
        </div>
      </div>
    </header>
  )
}
AppHeader.displayName = 'AppHeader'
