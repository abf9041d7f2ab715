import type { ReactNode } from 'react'
import { strings } from '../../strings'
import { PageContainer } from '../PageContainer/PageContainer'
import { ToolsIcon } from '../private/icons'
import * as styles from './PlaceholderPage.css'

export interface PlaceholderPageProps {
  /** The route's title, e.g. 积分充值. */
  title: ReactNode
  /** Defaults to a calm 功能建设中 note. */
  note?: ReactNode
  /** A way onwards, e.g. a link back to the home page. */
  action?: ReactNode
}

/** A page for a route that is not built yet: its title and a calm note, never a blank screen. */
export function PlaceholderPage({
  title,
  note = strings.underConstructionHint,
  action,
}: PlaceholderPageProps) {
  return (
    <PageContainer width="narrow">
      <section className={styles.card}>
        <span className={styles.badge}>
          <ToolsIcon aria-hidden="true" />
          {strings.underConstruction}
        </span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.note}>{note}</p>
        {action ? <div className={styles.action}>{action}</div> : null}
      </section>
    </PageContainer>
  )
}
PlaceholderPage.displayName = 'PlaceholderPage'
