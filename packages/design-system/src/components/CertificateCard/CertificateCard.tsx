import { clsx } from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { musiciansZoneStrings as TEXT } from '../../strings.zone'
import * as styles from './CertificateCard.css'

export interface CertificateCardProps extends Omit<ComponentPropsWithRef<'article'>, 'title'> {
  certificateNo: string
  workTitle: string
  owner: string
  /** Already formatted for reading, e.g. 2026年11月24日 08:04. */
  depositedAt: string
  sha256: string
  logIndex: number
  checkpoint: { treeSize: number; rootHash: string }
  /** A status badge beside the title (listed, certified...). */
  badge?: ReactNode
  /** Buttons: download, verify, list. */
  actions?: ReactNode
}

/** A deposit certificate as the page shows it: what was deposited, when, and where in the log. */
export function CertificateCard({
  certificateNo,
  workTitle,
  owner,
  depositedAt,
  sha256,
  logIndex,
  checkpoint,
  badge,
  actions,
  className,
  ...props
}: CertificateCardProps) {
  const rows: Array<[string, ReactNode, boolean]> = [
    [TEXT.workTitle, workTitle, false],
    [TEXT.owner, owner, false],
    [TEXT.depositedAt, depositedAt, false],
    [TEXT.fingerprint, sha256, true],
    [TEXT.logIndex, String(logIndex), true],
    [TEXT.treeSize, String(checkpoint.treeSize), true],
    [TEXT.rootHash, checkpoint.rootHash, true],
  ]
  return (
    <article className={clsx(styles.card, className)} aria-label={TEXT.certificateTitle} {...props}>
      <div className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{TEXT.certificateTitle}</p>
          <h2 className={styles.title}>{workTitle}</h2>
          <p className={styles.number}>
            {TEXT.certificateNo} {certificateNo}
          </p>
        </div>
        {badge}
      </div>
      <dl className={styles.fields}>
        {rows.map(([term, value, mono]) => (
          <div key={term} className={styles.row}>
            <dt className={styles.term}>{term}</dt>
            <dd className={clsx(styles.value, mono && styles.mono)}>{value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </article>
  )
}
CertificateCard.displayName = 'CertificateCard'
