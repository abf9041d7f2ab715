import {
  ApiError,
  certificationStatus,
  closeVoteActivity,
  createVoteActivity,
  listWorks,
  voteActivities,
  type VoteActivitySummary,
  type WorkItem,
} from '@gy/api'
import {
  Button,
  EmptyState,
  PageContainer,
  SectionHeader,
  Spinner,
  StatusBadge,
  TextField,
} from '@gy/design-system'
import { useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { formatActivityDate, STATUS_TONES } from './format'
import * as styles from './votes.css'

const DAY_MS = 24 * 60 * 60 * 1000

/** `datetime-local` wants local wall-clock time without a zone. */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return shifted.toISOString().slice(0, 16)
}

/** /review/votes: reviewers create activities (works of the catalogue, or text) and end them. */
export function ReviewVotesPage() {
  const { api } = useRuntime()
  const [version, setVersion] = useState(0)
  // Asked first: a non-reviewer's call of a reviewer route would answer 403, which the spec's
  // client treats as a lost session.
  const data = useApiData(
    `review-votes:${version}`,
    async () => {
      const state = await certificationStatus(api)
      if (!state.isReviewer) return null
      const [activities, works] = await Promise.all([
        voteActivities(api, { page: 1, pageSize: 50 }),
        listWorks(api, { page: 1, pageSize: 50 }),
      ])
      return { activities: activities.records, works: works.records }
    },
    TEXT.loadFailed,
  )
  const refresh = () => setVersion((value) => value + 1)

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.reviewTitle} level={1} />
        {data.state === 'loading' ? (
          <Spinner size="lg" />
        ) : data.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={data.message}
            action={<Button onClick={data.retry}>{TEXT.retry}</Button>}
          />
        ) : data.data === null ? (
          <EmptyState title={TEXT.reviewForbidden} />
        ) : (
          <>
            <CreateForm works={data.data.works} onCreated={refresh} />
            <ExistingActivities activities={data.data.activities} onClosed={refresh} />
          </>
        )}
      </div>
    </PageContainer>
  )
}

function CreateForm({ works, onCreated }: { works: WorkItem[]; onCreated: () => void }) {
  const { api, toasts } = useRuntime()
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [startAt, setStartAt] = useState(() => localInput(new Date()))
  const [endAt, setEndAt] = useState(() => localInput(new Date(Date.now() + 14 * DAY_MS)))
  const [perDay, setPerDay] = useState('5')
  const [perOption, setPerOption] = useState('2')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [texts, setTexts] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      await createVoteActivity(api, {
        title,
        description,
        startAt: new Date(startAt).toISOString(),
        endAt: new Date(endAt).toISOString(),
        votesPerUserPerDay: Number(perDay),
        votesPerOptionPerUser: Number(perOption),
        options: [
          ...works
            .filter((work) => chosen.has(work.musicId))
            .map((work) => ({ kind: 'work' as const, musicId: work.musicId })),
          ...texts
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== '')
            .map((line) => ({ kind: 'text' as const, title: line })),
        ],
      })
      toasts.show('success', TEXT.reviewCreated)
      onCreated()
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : TEXT.loadFailed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className={styles.panel}
      aria-label={TEXT.reviewCreate}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h2 className={styles.sectionTitle}>{TEXT.reviewCreate}</h2>
      <TextField
        label={TEXT.reviewFields.title}
        value={title}
        onValueChange={setTitle}
        maxLength={40}
      />
      <label className={styles.fieldLabel}>
        {TEXT.reviewFields.description}
        <textarea
          className={styles.textArea}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <div className={styles.formRow}>
        <TextField
          label={TEXT.reviewFields.startAt}
          type="datetime-local"
          value={startAt}
          onValueChange={setStartAt}
        />
        <TextField
          label={TEXT.reviewFields.endAt}
          type="datetime-local"
          value={endAt}
          onValueChange={setEndAt}
        />
        <TextField
          label={TEXT.reviewFields.perDay}
          inputMode="numeric"
          filter="digitsOnly"
          value={perDay}
          onValueChange={setPerDay}
          maxLength={3}
        />
        <TextField
          label={TEXT.reviewFields.perOption}
          inputMode="numeric"
          filter="digitsOnly"
          value={perOption}
          onValueChange={setPerOption}
          maxLength={3}
        />
      </div>
      <fieldset className={styles.fieldLabel}>
        <legend>{TEXT.reviewFields.workOptions}</legend>
        {works.map((work) => (
          <label key={work.musicId}>
            <input
              type="checkbox"
              checked={chosen.has(work.musicId)}
              onChange={(event) => {
                const next = new Set(chosen)
                if (event.target.checked) next.add(work.musicId)
                else next.delete(work.musicId)
                setChosen(next)
              }}
            />{' '}
            {work.musicName} · {work.artist}
          </label>
        ))}
      </fieldset>
      <label className={styles.fieldLabel}>
        {TEXT.reviewFields.textOptions}
        <textarea
          className={styles.textArea}
          value={texts}
          onChange={(event) => setTexts(event.target.value)}
        />
      </label>
      {error === null ? null : (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {TEXT.reviewSubmit}
        </Button>
      </div>
    </form>
  )
}

function ExistingActivities({
  activities,
  onClosed,
}: {
  activities: VoteActivitySummary[]
  onClosed: () => void
}) {
  const { api, toasts } = useRuntime()
  async function close(activity: VoteActivitySummary): Promise<void> {
    if (!window.confirm(TEXT.reviewConfirmClose(activity.title))) return
    try {
      await closeVoteActivity(api, activity.activityId)
      toasts.show('success', TEXT.reviewClosed)
      onClosed()
    } catch (caught) {
      toasts.show('error', caught instanceof ApiError ? caught.message : TEXT.loadFailed)
    }
  }
  return (
    <section className={styles.panel} aria-label={TEXT.reviewExisting}>
      <h2 className={styles.sectionTitle}>{TEXT.reviewExisting}</h2>
      <ul className={styles.options}>
        {activities.map((activity) => (
          <li key={activity.activityId} className={styles.reviewItem}>
            <span>
              <StatusBadge tone={STATUS_TONES[activity.status]}>
                {TEXT.status[activity.status]}
              </StatusBadge>{' '}
              <Link to={`/vote/details?id=${activity.activityId}`}>{activity.title}</Link>{' '}
              <span className={styles.muted}>
                {formatActivityDate(activity.startAt)} · {TEXT.votes(activity.totalVotes)}
              </span>
            </span>
            {activity.status === 'ended' ? null : (
              <Button size="sm" variant="secondary" onClick={() => void close(activity)}>
                {TEXT.reviewClose}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
