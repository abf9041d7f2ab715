import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { MusicNoteIcon } from '../private/icons'
import * as styles from './EmptyState.css'

export interface EmptyStateProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  title: ReactNode
  hint?: ReactNode
  /** A button or link that gets the user going. */
  action?: ReactNode
  /** Replaces the default music note. */
  icon?: ReactNode
}

/** What a list or page shows when it has nothing yet: an icon, a title, a hint and an action. */
export function EmptyState({ title, hint, action, icon, className, ...props }: EmptyStateProps) {
  return (
    <div className={clsx(styles.root, className)} {...props}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <MusicNoteIcon />}
      </span>
      <p className={styles.title}>{title}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  )
}
EmptyState.displayName = 'EmptyState'
