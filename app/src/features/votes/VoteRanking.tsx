import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { rankOptions } from './format'
import * as styles from './VoteRanking.css'

export interface RankingEntry {
  optionId: string
  title: string
  votes: number
}

export interface VoteRankingProps {
  entries: readonly RankingEntry[]
  totalVotes: number
  /** How many places to show (the top ones). */
  limit?: number
}

/** The live ranking beside the options: the top places by votes, the total above them. */
export function VoteRanking({ entries, totalVotes, limit = 10 }: VoteRankingProps) {
  const ranked = rankOptions(entries).slice(0, limit)
  return (
    <section className={styles.panel} aria-label={TEXT.rankingTitle}>
      <h2 className={styles.heading}>
        {TEXT.rankingTitle}
        <span className={styles.total}>{TEXT.votes(totalVotes)}</span>
      </h2>
      {totalVotes === 0 ? (
        <p className={styles.empty}>{TEXT.rankingEmpty}</p>
      ) : (
        <ol className={styles.list}>
          {ranked.map((entry, index) => (
            <li key={entry.optionId} className={styles.entry} data-place={index + 1}>
              <span className={styles.place}>{index + 1}</span>
              <span className={styles.name} title={entry.title}>
                {entry.title}
              </span>
              <span className={styles.votes}>{TEXT.votes(entry.votes)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
VoteRanking.displayName = 'VoteRanking'
