import { Fragment } from 'react'
import { strings } from '../../strings'
import * as DropdownMenu from '../DropdownMenu/DropdownMenu'
import type { AppHeaderMenuItem, AppHeaderUser } from './AppHeader'
import * as styles from './AppHeader.css'
import { UserMenuFace } from './UserMenuFace'

export interface UserMenuProps {
  user: AppHeaderUser
  menuItems: ReadonlyArray<AppHeaderMenuItem>
  onMenuSelect?: (key: string) => void
  onOpenChange?: (open: boolean) => void
}

/** The logged-in user's avatar and nickname, opening the account menu. */
export function UserMenu({ user, menuItems, onMenuSelect, onOpenChange }: UserMenuProps) {
  return (
    <DropdownMenu.Root modal={false} onOpenChange={onOpenChange}>
      {/* Named by its content (nickname, then the hidden words 账号菜单) rather than aria-label, so
          the name starts with what is on screen for people who speak to their browser. */}
      <DropdownMenu.Trigger className={styles.userTrigger}>
        <UserMenuFace user={user} />
        <span className={styles.menuSuffix}>，{strings.accountMenu}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {menuItems.map((item) => (
          <Fragment key={item.key}>
            {item.separatorBefore ? <DropdownMenu.Separator /> : null}
            <DropdownMenu.Item tone={item.tone} onSelect={() => onMenuSelect?.(item.key)}>
              {item.label}
              {item.hint ? <DropdownMenu.ItemHint>{item.hint}</DropdownMenu.ItemHint> : null}
            </DropdownMenu.Item>
          </Fragment>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
UserMenu.displayName = 'UserMenu'
