import { Portal } from 'radix-ui'
import { strings } from '../../strings'
import { Spinner } from '../Spinner/Spinner'
import * as styles from './LoadingMask.css'

export interface LoadingMaskProps {
  open: boolean
  /** What is happening, e.g. 登录中. */
  text?: string
  /** Render into this element instead of `document.body`. */
  container?: HTMLElement | null
}

/**
 * A full-screen mask with a spinner while something the user must wait for is pending (the
 * spec's 登录中 mask). It sits above dialogs and swallows clicks until `open` turns false.
 */
export function LoadingMask({ open, text = strings.loading, container }: LoadingMaskProps) {
  if (!open) return null
  return (
    <Portal.Root container={container}>
      <div className={styles.mask} role="alert" aria-busy="true" aria-live="assertive">
        <div className={styles.panel}>
          <Spinner size="lg" tone="accent" />
          <span>{text}</span>
        </div>
      </div>
    </Portal.Root>
  )
}
LoadingMask.displayName = 'LoadingMask'
