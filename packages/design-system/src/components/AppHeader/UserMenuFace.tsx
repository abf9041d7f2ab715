import { Avatar } from '../Avatar/Avatar'
import { ChevronDownIcon } from '../private/icons'
import type { AppHeaderUser } from './AppHeader'
import * as styles from './AppHeader.css'

/** What the trigger shows; also the placeholder while the menu's code loads. */
export function UserMenuFace({ user }: { user: AppHeaderUser }) {
  return (
    <>
      {/* The trigger's label already names the user: the picture is decoration here, or the
          name would be read twice and the label would no longer start with the visible text. */}
      <span className={styles.avatarSlot} aria-hidden="true">
        <Avatar src={user.avatarUrl} name={user.nickName} size="md" />
      </span>
      <span className={styles.nickName}>{user.nickName}</span>
      <ChevronDownIcon className={styles.chevron} />
    </>
  )
}
UserMenuFace.displayName = 'UserMenuFace'
