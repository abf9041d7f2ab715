import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import * as styles from './SectionHeader.css'

export const sectionHeadingLevels = [1, 2, 3] as const
export type SectionHeadingLevel = (typeof sectionHeadingLevels)[number]

export interface SectionHeaderProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  title: ReactNode
  subtitle?: ReactNode
  /** The "more" link or any small action on the right. */
  action?: ReactNode
  /** The heading level for the document outline; the look stays the same. */
  level?: SectionHeadingLevel
}

export function SectionHeader({
  title,
  subtitle,
  action,
  level = 2,
  className,
  ...props
}: SectionHeaderProps) {
  const Heading = `h${level}` as const
  return (
    <div className={clsx(styles.header, className)} {...props}>
      <div className={styles.text}>
        <Heading className={styles.title}>{title}</Heading>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  )
}
SectionHeader.displayName = 'SectionHeader'
