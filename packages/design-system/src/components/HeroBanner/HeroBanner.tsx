import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import * as styles from './HeroBanner.css'

export interface HeroBannerProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  title: ReactNode
  subtitle?: ReactNode
  /** A short line above the title. */
  eyebrow?: ReactNode
  /** Call-to-action buttons. */
  actions?: ReactNode
  /** The art on the right (e.g. a banner image); defaults to a record drawn in CSS. */
  art?: ReactNode
  /** Less height and no art, for phones and secondary pages. */
  compact?: boolean
}

export function HeroBanner({
  title,
  subtitle,
  eyebrow,
  actions,
  art,
  compact = false,
  className,
  ...props
}: HeroBannerProps) {
  return (
    <section className={clsx(styles.hero, className)} {...props}>
      <div className={clsx(styles.inner, compact && styles.compact)}>
        <div className={styles.copy}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
        {compact ? null : (
          <div className={styles.art} aria-hidden={art ? undefined : true}>
            {art ? <div className={styles.artSlot}>{art}</div> : <div className={styles.record} />}
          </div>
        )}
      </div>
    </section>
  )
}
HeroBanner.displayName = 'HeroBanner'
