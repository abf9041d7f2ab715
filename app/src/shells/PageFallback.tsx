import { Spinner } from '@gy/design-system'
import * as styles from './shell.css'

/** Shown while a page's code loads: a calm spinner where the page will be. */
export function PageFallback() {
  return (
    <div className={styles.pageFallback}>
      <Spinner size="lg" />
    </div>
  )
}
