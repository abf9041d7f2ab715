import { voteActivities } from '@gy/api'
import {
  Button,
  EmptyState,
  PageContainer,
  Pagination,
  SectionHeader,
  Spinner,
} from '@gy/design-system'
import { useState } from 'react'
import { Link } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { useRuntime } from '../../providers/runtime'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { useVotePaths } from './useVotePaths'
import { VoteCard } from './VoteCard'
import * as styles from './votes.css'

const PAGE_SIZE = 12

/** /vote/list and /m/vote/list: every activity, newest first, each a card to open. */
export function VoteListPage() {
  const { api } = useRuntime()
  const paths = useVotePaths()
  const [page, setPage] = useState(1)
  const activities = useApiData(
    `vote-activities:${page}`,
    () => voteActivities(api, { page, pageSize: PAGE_SIZE }),
    TEXT.loadFailed,
  )

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.listTitle} subtitle={TEXT.listSubtitle} level={1} />
        {activities.state === 'loading' && (
          <div className={styles.loading} aria-busy="true">
            <Spinner size="md" />
          </div>
        )}
        {activities.state === 'failed' && (
          <EmptyState
            title={TEXT.loadFailed}
            hint={activities.message}
            action={<Button onClick={activities.retry}>{TEXT.retry}</Button>}
          />
        )}
        {activities.state === 'ready' && activities.data.total === 0 && (
          <EmptyState title={TEXT.listEmpty} hint={TEXT.listEmptyHint} />
        )}
        {activities.state === 'ready' && activities.data.records.length > 0 && (
          <>
            <ul className={styles.grid}>
              {activities.data.records.map((activity) => (
                <li key={activity.activityId}>
                  {/* Named by the card's own words (status, title, period, figures): a label of
                      its own would hide what the card shows from voice control (WCAG 2.5.3). */}
                  <Link className={styles.cardLink} to={paths.details(activity.activityId)}>
                    <VoteCard
                      title={activity.title}
                      cover={activity.cover}
                      status={activity.status}
                      startAt={activity.startAt}
                      endAt={activity.endAt}
                      totalVotes={activity.totalVotes}
                      views={activity.views}
                      optionCount={activity.optionCount}
                    />
                  </Link>
                </li>
              ))}
            </ul>
            {activities.data.total > PAGE_SIZE && (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={activities.data.total}
                onPageChange={setPage}
              />
            )}
          </>
        )}
      </div>
    </PageContainer>
  )
}
