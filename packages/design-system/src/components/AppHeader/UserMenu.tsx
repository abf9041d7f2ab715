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
      <DropdownMenu.Trigger
        className={styles.userTrigger}
        aria-label={`${user.nickName}，${strings.accountMenu}`}
      >
        <UserMenuFace user={user} />
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
