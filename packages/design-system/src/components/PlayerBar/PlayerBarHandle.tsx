import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { ChevronDownIcon, MusicNoteIcon } from '../private/icons'
import * as styles from './PlayerBarHandle.css'

export interface PlayerBarHandleProps extends Omit<
  ComponentPropsWithRef<'button'>,
  'title' | 'children'
> {
  /** On screen while the bar is hidden and a track is loaded. */
  visible: boolean
  /** Playing: the note moves, so the user sees music is still on. */
  playing: boolean
  /** The track's name, read with the label and shown on wide screens. */
  title: string
  /** The button's name, e.g. 展开播放器. */
  label: string
  onShow: () => void
}

/**
 * The way back to a hidden player bar: a small tab at the bottom edge, labelled and keyboard
 * reachable, that shows the bar again. It slides in when the bar slides out.
 */
export function PlayerBarHandle({
  visible,
  playing,
  title,
  label,
  onShow,
  className,
  ...props
}: PlayerBarHandleProps) {
  return (
    <button
      type="button"
      className={clsx(styles.handle, className)}
      data-state={visible ? 'open' : 'closed'}
      data-playing={playing ? '' : undefined}
      aria-label={title ? `${label}：${title}` : label}
      title={label}
      inert={!visible}
      onClick={onShow}
      {...props}
    >
      <MusicNoteIcon className={styles.note} />
      {title ? <span className={styles.title}>{title}</span> : null}
      <ChevronDownIcon className={styles.chevron} />
    </button>
  )
}
PlayerBarHandle.displayName = 'PlayerBarHandle'
