import { clsx } from 'clsx'
import { useState, type ComponentPropsWithRef } from 'react'
import { musiciansZoneStrings as TEXT } from '../../strings.zone'
import { Button } from '../Button/Button'
import * as styles from './ProofView.css'

export interface ProofViewProps extends ComponentPropsWithRef<'section'> {
  /** The inclusion proof: lowercase hex hashes, leaf side first. */
  path: readonly string[]
  /** How many hashes show before 展开全部. */
  collapsedCount?: number
}

/** The hashes of an inclusion proof, in order, for anyone who wants to check by hand. */
export function ProofView({ path, collapsedCount = 4, className, ...props }: ProofViewProps) {
  const [expanded, setExpanded] = useState(false)
  const shown = expanded ? path : path.slice(0, collapsedCount)
  return (
    <section className={clsx(styles.root, className)} aria-label={TEXT.proofTitle} {...props}>
      <h3 className={styles.title}>{TEXT.proofTitle}</h3>
      <p className={styles.hint}>{path.length === 0 ? TEXT.proofEmpty : TEXT.proofHint}</p>
      {path.length > 0 ? (
        <ol className={styles.list}>
          {shown.map((hash, index) => (
            <li key={`${index}-${hash}`} className={styles.hash}>
              <span className={styles.position}>{index + 1}</span>
              <span>{hash}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {path.length > collapsedCount ? (
        <span>
          <Button size="sm" variant="ghost" onClick={() => setExpanded((value) => !value)}>
            {expanded ? TEXT.showFewerHashes : `${TEXT.showAllHashes}（${path.length}）`}
          </Button>
        </span>
      ) : null}
    </section>
  )
}
ProofView.displayName = 'ProofView'
