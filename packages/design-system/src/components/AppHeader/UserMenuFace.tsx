import { Avatar } from '../Avatar/Avatar'
import { ChevronDownIcon } from '../private/icons'
import type { AppHeaderUser } from './AppHeader'
import * as styles from './AppHeader.css'

/** What the trigger shows; also the placeholder while the menu's code loads. */
export function UserMenuFace({ user }: { user: AppHeaderUser }) {
  return (
    <>
      <Avatar src={user.avatarUrl} name={user.nickName} size="md" />
      <span className={styles.nickName}>{user.nickName}</span>
      <ChevronDownIcon className={styles.chevron} />
    </>
  )
}
UserMenuFace.displayName = 'UserMenuFace'
