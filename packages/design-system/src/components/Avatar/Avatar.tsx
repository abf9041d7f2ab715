import { clsx } from 'clsx'
import { Avatar as RadixAvatar } from 'radix-ui'
import type { ComponentPropsWithRef } from 'react'
import { MusicNoteIcon } from '../private/icons'
import * as styles from './Avatar.css'

export const avatarSizes = ['sm', 'md', 'lg', 'xl'] as const
export type AvatarSize = (typeof avatarSizes)[number]

export interface AvatarProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** Image URL; while it loads, or if it fails, the fallback shows instead. */
  src?: string | null
  /** The person's name: gives the image its alt text and the fallback its initial. */
  name: string
  size?: AvatarSize
}

/** The first visible character of a name, upper-cased: 张三 → 张, alice → A, 🎵 stays whole. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0]
  return first ? first.toLocaleUpperCase() : ''
}

export function Avatar({ src, name, size = 'md', className, ...props }: AvatarProps) {
  const initial = avatarInitial(name)
  return (
    <RadixAvatar.Root className={clsx(styles.root, styles.size[size], className)} {...props}>
      {src ? <RadixAvatar.Image className={styles.image} src={src} alt={name} /> : null}
      <RadixAvatar.Fallback
        className={styles.fallback}
        // A nameless avatar says nothing a reader needs: hidden rather than an image with no name.
        {...(name.trim() ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
        // Without this, a fast network would flash the initial before the image arrives.
        delayMs={src ? 400 : undefined}
      >
        {initial || <MusicNoteIcon />}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  )
}
Avatar.displayName = 'Avatar'
