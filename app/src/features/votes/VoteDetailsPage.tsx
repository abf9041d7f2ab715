import { voteActivityDetail, type VoteActivityDetail, type VoteOption } from '@gy/api'
import {
  Button,
  EmptyState,
  groupDigits,
  PageContainer,
  Spinner,
  StatusBadge,
} from '@gy/design-system'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useRuntime, useSession } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { formatActivityDate, rankOptions, STATUS_TONES } from './format'
import { OptionRow } from './OptionRow'
import { useLiveVotes } from './useLiveVotes'
import { useVotePaths } from './useVotePaths'
import { VoteRanking } from './VoteRanking'
import * as styles from './votes.css'

/** /vote/details?id=... and /m/vote/details?id=...: the options, live totals and ranking, voting. */
export function VoteDetailsPage() {
  const { api } = useRuntime()
  const [params] = useSearchParams()
  const activityId = params.get('id') ?? ''
  const detail = useApiData(
    `vote-detail:${activityId}`,
    () => voteActivityDetail(api, activityId),
    TEXT.loadFailed,
  )
  const paths = useVotePaths()

  return (
    <PageContainer>
      <div className={styles.page}>
        <Link className={styles.back} to={paths.list}>
          ← {TEXT.backToList}
        </Link>
        {detail.state === 'loading' && (
          <div className={styles.loading} aria-busy="true">
            <Spinner size="md" />
          </div>
        )}
        {detail.state === 'failed' && (
          <EmptyState
            title={TEXT.loadFailed}
            hint={detail.message}
            action={<Button onClick={detail.retry}>{TEXT.retry}</Button>}
          />
        )}
        {detail.state === 'ready' && <ActivityView activity={detail.data} />}
      </div>
    </PageContainer>
  )
}

function ActivityView({ activity }: { activity: VoteActivityDetail }) {
  const { isLogin } = useSession()
  const { play, playingId } = usePlayWork()
  const { totals, mine, votingFor, vote } = useLiveVotes(activity.activityId)
  const [failedCover, setFailedCover] = useState(false)

  const votesOf = new Map(totals?.options.map((option) => [option.optionId, option.votes]))
  const options: VoteOption[] = activity.options.map((option) => ({
    ...option,
    votes: votesOf.get(option.optionId) ?? option.votes,
  }))
  const totalVotes = totals?.totalVotes ?? activity.totalVotes
  const placeOf = new Map(rankOptions(options).map((option, index) => [option.optionId, index + 1]))
  const myVotesOf = new Map(mine?.options.map((option) => [option.optionId, option.votesTotal]))
  const closedLabel = activity.status === 'open' ? undefined : TEXT.notOpen[activity.status]

  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroCover}>
          {activity.cover !== '' && !failedCover ? (
            <img
              className={styles.heroImage}
              src={activity.cover}
              alt=""
              onError={() => setFailedCover(true)}
            />
          ) : (
            <span className={styles.heroGlyph} aria-hidden="true">
              {Array.from(activity.title)[0]}
            </span>
          )}
        </div>
        <div className={styles.heroText}>
          <StatusBadge tone={STATUS_TONES[activity.status]}>
            {TEXT.status[activity.status]}
          </StatusBadge>
          <h1 className={styles.heroTitle}>{activity.title}</h1>
          <p className={styles.muted}>
            {TEXT.period(formatActivityDate(activity.startAt), formatActivityDate(activity.endAt))}
          </p>
          {activity.description !== '' && (
            <p className={styles.description}>{activity.description}</p>
          )}
          <p className={styles.muted}>
            {TEXT.rules(activity.votesPerUserPerDay, activity.votesPerOptionPerUser)}
          </p>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <span className={styles.statValue} data-testid="vote-total">
                {groupDigits(totalVotes)}
              </span>
              <span className={styles.statLabel}>{TEXT.totalVotes}</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>{groupDigits(activity.views)}</span>
              <span className={styles.statLabel}>{TEXT.viewsLabel}</span>
            </div>
          </div>
          {activity.status === 'open' && (
            <span className={styles.allowance} role="status" data-testid="vote-remaining">
              {!isLogin
                ? TEXT.loginToVote
                : mine === null
                  ? TEXT.rules(activity.votesPerUserPerDay, activity.votesPerOptionPerUser)
                  : mine.remainingToday > 0
                    ? TEXT.remaining(mine.remainingToday)
                    : TEXT.remainingNone}
            </span>
          )}
        </div>
      </section>
      <div className={styles.columns}>
        <section aria-label={TEXT.optionsTitle}>
          <h2 className={styles.sectionTitle}>{TEXT.optionsTitle}</h2>
          <ul className={styles.options}>
            {options.map((option) => {
              const work = option.work
              return (
                <OptionRow
                  key={option.optionId}
                  position={placeOf.get(option.optionId) ?? 0}
                  title={option.title}
                  subtitle={work === null ? option.description : work.artist}
                  imageUrl={work === null ? option.imageUrl : work.cover}
                  votes={option.votes}
                  totalVotes={totalVotes}
                  myVotes={myVotesOf.get(option.optionId) ?? 0}
                  {...(work === null
                    ? {}
                    : { onPlay: () => play(work), playing: playingId === work.musicId })}
                  onVote={() => void vote(option.optionId, option.title)}
                  voteDisabledLabel={closedLabel}
                  busy={votingFor === option.optionId}
                />
              )
            })}
          </ul>
        </section>
        <aside className={styles.aside}>
          <VoteRanking entries={options} totalVotes={totalVotes} />
        </aside>
      </div>
    </>
  )
}
