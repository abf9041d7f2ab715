import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { Button } from '../Button/Button'
import { LogoMark } from '../private/icons'
import * as styles from './OpenAppBar.css'

export interface OpenAppBarProps extends Omit<ComponentPropsWithRef<'header'>, 'children'> {
  /** The product's name, e.g. GY音乐. */
  name: string
  /** One line on why the app is worth having. */
  pitch: string
  downloadLabel: string
  openLabel: string
  onDownload: () => void
  onOpenApp: () => void
}

/**
 * The mobile web's bar over every page that has one (SPEC.md "Mobile routes"): the brand, a line
 * of pitch, 下载App and 打开App. Sticks to the top while the page scrolls.
 */
export function OpenAppBar({
  name,
  pitch,
  downloadLabel,
  openLabel,
  onDownload,
  onOpenApp,
  className,
  ...props
}: OpenAppBarProps) {
  return (
    <header className={clsx(styles.bar, className)} {...props}>
      <LogoMark className={styles.mark} aria-hidden="true" />
      <span className={styles.copy}>
        <span className={styles.name}>{name}</span>
        <span className={styles.pitch}>{pitch}</span>
      </span>
      <Button size="sm" variant="secondary" onClick={onDownload}>
        {downloadLabel}
      </Button>
      <Button size="sm" onClick={onOpenApp}>
        {openLabel}
      </Button>
    </header>
  )
}
OpenAppBar.displayName = 'OpenAppBar'
