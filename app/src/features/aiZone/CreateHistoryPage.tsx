import { type AiJob, type AiJobKind, type AiJobPage } from '@gy/api'
import { aiJobHistory, deleteAiJob, singerList } from '@gy/api/aiZone'
import {
  Button,
  ConfirmDialog,
  EmptyState,
  PageContainer,
  Pagination,
  SectionHeader,
  SegmentedControl,
  Spinner,
} from '@gy/design-system'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { AiJobView } from './AiJobView'
import { isSessionError } from './forms'
import { useLiveJobs } from './useJobs'
import { useResultActions } from './useResultActions'

const TEXT = AI_TEXT.history
const PAGE_SIZE = 10
type Filter = 'all' | AiJobKind
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: TEXT.filters.all },
  { value: 'generate', label: TEXT.filters.generate },
  { value: 'cover', label: TEXT.filters.cover },
  { value: 'separate', label: TEXT.filters.separate },
]

const TOOL_LINKS = [
  { to: '/aiCreationCenter/smartMode', label: AI_TEXT.tools.generate.smart },
  { to: '/aiCreationCenter/advancedMode', label: AI_TEXT.tools.generate.advanced },
  { to: '/aiCreationCenter/coverMode', label: AI_TEXT.tools.cover.name },
  { to: '/aiCreationCenter/separationMode', label: AI_TEXT.tools.separate.name },
] as const

/** A page of jobs, the unsettled ones followed live. */
function JobList({ page, onDelete }: { page: AiJobPage; onDelete: (job: AiJob) => void }) {
  const { api } = useRuntime()
  const live = useLiveJobs(page.records)
  const actions = useResultActions(live.replace)
  // Singer names for the covers' summaries, for a server that echoes only the singer's id.
  const singers = useApiData('ai:singers', () => singerList(api), AI_TEXT.loadFailed)
  const singerNames = useMemo(
    () =>
      new Map(
        singers.state === 'ready'
          ? singers.data.records.map((singer) => [singer.singerId, singer.name] as const)
          : [],
      ),
    [singers],
  )
  return (
    <ul className={styles.jobs}>
      {live.jobs.map((job) => (
        <li key={job.jobId}>
          <AiJobView
            job={job}
            actions={actions}
            onJobChange={live.replace}
            onDelete={() => onDelete(job)}
            singerNames={singerNames}
          />
        </li>
      ))}
    </ul>
  )
}
JobList.displayName = 'JobList'

/**
 * /aiCreationCenter/createHistory: every creation of the user, newest first, filtered by tool, a
 * page at a time; each with what was asked, play, download, share, a free retry when it failed,
 * and delete after a confirmation. Jobs still queued or running update live.
 */
export function CreateHistoryPage() {
  const { api, toasts } = useRuntime()
  const [filter, setFilter] = useState<Filter>('all')
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  const history = useApiData(
    `ai:history:${filter}:${page}:${version}`,
    () =>
      aiJobHistory(api, {
        page,
        pageSize: PAGE_SIZE,
        ...(filter === 'all' ? {} : { kind: filter }),
      }),
    AI_TEXT.loadFailed,
  )
  const [deleting, setDeleting] = useState<AiJob | null>(null)
  const [busy, setBusy] = useState(false)

  async function confirmDelete(): Promise<void> {
    if (deleting === null) return
    setBusy(true)
    try {
      await deleteAiJob(api, deleting.jobId)
      toasts.show('success', AI_TEXT.job.deleted)
      setDeleting(null)
      // The last job of a later page takes the user to the page before.
      if (history.state === 'ready' && history.data.records.length === 1 && page > 1) {
        setPage(page - 1)
      } else {
        setVersion((value) => value + 1)
      }
    } catch (error) {
      if (!isSessionError(error) && error instanceof Error) toasts.show('error', error.message)
      setDeleting(null)
    } finally {
      setBusy(false)
    }
  }

  return (
    <PageContainer width="wide">
      <div className={styles.page}>
        <div className={styles.headerRow}>
          <SectionHeader title={TEXT.title} subtitle={TEXT.subtitle} level={1} />
          <Button variant="secondary" asChild>
            <Link to="/aiCreationCenter">{AI_TEXT.center.title}</Link>
          </Button>
        </div>
        <SegmentedControl
          options={FILTERS}
          value={filter}
          onValueChange={(value) => {
            setFilter(value)
            setPage(1)
          }}
          label={TEXT.filterLabel}
        />
        {history.state === 'loading' ? (
          <div className={styles.center} aria-busy="true">
            <Spinner size="lg" />
            <span className={styles.muted}>{TEXT.loading}</span>
          </div>
        ) : history.state === 'failed' ? (
          <EmptyState
            title={AI_TEXT.loadFailed}
            hint={history.message}
            action={<Button onClick={history.retry}>{AI_TEXT.retry}</Button>}
          />
        ) : history.data.records.length === 0 ? (
          <EmptyState
            title={TEXT.empty}
            hint={TEXT.emptyHint}
            action={
              <nav className={styles.row} aria-label={AI_TEXT.center.tools}>
                {TOOL_LINKS.map((link) => (
                  <Button key={link.to} variant="secondary" asChild>
                    <Link to={link.to}>{link.label}</Link>
                  </Button>
                ))}
              </nav>
            }
          />
        ) : (
          <>
            <JobList page={history.data} onDelete={setDeleting} />
            {history.data.total > PAGE_SIZE ? (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={history.data.total}
                onPageChange={setPage}
              />
            ) : null}
          </>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={AI_TEXT.job.deleteTitle}
        message={deleting === null ? '' : AI_TEXT.job.deleteConfirm(deleting.title)}
        confirmLabel={AI_TEXT.job.delete}
        confirming={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </PageContainer>
  )
}
CreateHistoryPage.displayName = 'CreateHistoryPage'
