import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import { AiLabel } from '../AiLabel/AiLabel'
import { Button } from '../Button/Button'
import * as DropdownMenu from '../DropdownMenu/DropdownMenu'
import { JobProgress, type JobState } from '../JobProgress/JobProgress'
import { Icon, PauseIcon, PlayIcon, SuccessIcon, type IconProps } from '../private/icons'
import { DownloadIcon } from '../private/playerIcons'
import { formatShanghaiDateTime } from '../../chinaFormat'
import { StatusBadge } from '../StatusBadge/StatusBadge'
import { CoverArt } from './CoverArt'
import { formatDuration, isoDuration } from './formatDuration'
import * as styles from './JobCard.css'

/** One output of a job: a song, a cover, or one stem of a separation. */
export interface JobCardResult {
  id: string
  name: string
  /** Cover image URL; empty shows a placeholder. */
  cover: string
  /** Seconds. */
  duration: number
  downloadUrl: string
  /** Set once the result has been shared. */
  shareId: string | null
  /** What the result is, e.g. 人声 or 伴奏 for the stems of a separation. */
  roleLabel?: string
  /** Still rendering: it plays as it is made; download and share wait for the finished file. */
  live?: boolean
  /** A finished song or cover the user may deposit (存证) as their own work. */
  keepable?: boolean
  /** Why the last action on this result failed, shown under it. */
  error?: string
}

export interface JobCardProps extends Omit<
  ComponentPropsWithRef<'article'>,
  'title' | 'children' | 'onPlay' | 'results'
> {
  title: string
  /** What kind of job it is, e.g. AI 作曲, AI 翻唱, 人声分离. */
  kindLabel: string
  /** ISO 8601 time the job was submitted; shown in Beijing time. */
  createdAt: string
  state: JobState
  /** 0 to 1. */
  progress: number
  queuePosition: number | null
  error: string | null
  pointsCharged: number
  /** A short account of what was submitted, e.g. the prompt or the style and mood. */
  inputSummary?: string
  results: readonly JobCardResult[]
  /** The result the player is playing: its button offers pause. */
  playingResultId?: string | null
  onPlay?: (resultId: string) => void
  onShare?: (resultId: string) => void
  /** The result whose share link is being made: its share button shows a spinner. */
  sharingResultId?: string | null
  /** Deposit (存证) a keepable result as the user's own work. */
  onKeep?: (resultId: string) => void
  /** The result being prepared for its deposit: its button shows a spinner. */
  keepingResultId?: string | null
  onRetry?: () => void
  onDelete?: () => void
}

function ShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
      <path d="M5 13v5a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-5" />
    </Icon>
  )
}

/** A document with a seal: the deposit certificate. */
function CertificateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5" />
      <path d="M14 3v4a1 1 0 0 0 1 1h4M19 8v3" />
      <circle cx="17" cy="16" r="3" />
      <path d="m15.5 18.6-.5 2.9 2-1 2 1-.5-2.9" />
    </Icon>
  )
}

function MoreIcon(props: IconProps) {
  return (
    <Icon {...props} stroke="none" fill="currentColor">
      <circle cx="5.5" cy="12" r="1.75" />
      <circle cx="12" cy="12" r="1.75" />
      <circle cx="18.5" cy="12" r="1.75" />
    </Icon>
  )
}

/**
 * One job in the creation history, or under the form that submitted it: what was asked, what it
 * cost, where it is, and, once done, each result with its cover, the AI label, play, download,
 * share and, for a song or cover of the user's making, deposit (存证). Deleting is offered from a quiet 更多 menu; confirming it is the page's job.
 */
export function JobCard({
  title,
  kindLabel,
  createdAt,
  state,
  progress,
  queuePosition,
  error,
  pointsCharged,
  inputSummary,
  results,
  playingResultId = null,
  onPlay,
  onShare,
  sharingResultId = null,
  onKeep,
  keepingResultId = null,
  onRetry,
  onDelete,
  className,
  ...props
}: JobCardProps) {
  const displayTitle = title.trim() || AI_STRINGS.jobCard.untitled
  const createdText = formatShanghaiDateTime(createdAt)
  // A generation hands over its first song while the second renders: a running job shows the
  // results it has beside its progress.
  const showResults = (state === 'succeeded' || state === 'running') && results.length > 0
  const showProgress = state !== 'succeeded' || results.length === 0

  return (
    <article className={clsx(styles.card, className)} data-state={state} {...props}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h3 className={styles.title}>{displayTitle}</h3>
          <div className={styles.meta}>
            <StatusBadge tone="neutral">{kindLabel}</StatusBadge>
            {createdText ? (
              <time className={styles.metaItem} dateTime={createdAt}>
                {createdText}
              </time>
            ) : null}
            <span className={styles.metaItem}>
              {AI_STRINGS.jobCard.pointsCharged(pointsCharged)}
            </span>
          </div>
        </div>
        {onDelete ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <button
                type="button"
                className={styles.moreButton}
                aria-label={`${AI_STRINGS.jobCard.more} ${displayTitle}`}
              >
                <MoreIcon />
              </button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content>
              <DropdownMenu.Item tone="danger" onSelect={onDelete}>
                {AI_STRINGS.jobCard.delete}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        ) : null}
      </header>

      {inputSummary?.trim() ? (
        <p className={styles.summary} title={inputSummary}>
          {inputSummary}
        </p>
      ) : null}

      {!showProgress ? null : (
        <JobProgress
          state={state}
          progress={progress}
          queuePosition={queuePosition}
          error={error}
          onRetry={onRetry}
        />
      )}

      {showResults ? (
        <ul className={styles.results} aria-label={AI_STRINGS.jobCard.results}>
          {results.map((result) => (
            <JobResultRow
              key={result.id}
              result={result}
              playing={playingResultId === result.id}
              sharing={sharingResultId === result.id}
              keeping={keepingResultId === result.id}
              onPlay={onPlay}
              onShare={onShare}
              onKeep={onKeep}
            />
          ))}
        </ul>
      ) : null}
    </article>
  )
}
JobCard.displayName = 'JobCard'

interface JobResultRowProps {
  result: JobCardResult
  playing: boolean
  sharing: boolean
  keeping: boolean
  onPlay: JobCardProps['onPlay']
  onShare: JobCardProps['onShare']
  onKeep: JobCardProps['onKeep']
}

function JobResultRow({
  result,
  playing,
  sharing,
  keeping,
  onPlay,
  onShare,
  onKeep,
}: JobResultRowProps) {
  const name = result.name.trim() || AI_STRINGS.jobCard.untitled
  const shared = result.shareId !== null

  return (
    <li className={styles.result} data-state={playing ? 'playing' : 'idle'}>
      <CoverArt
        src={result.cover}
        seed={`${name}|${result.roleLabel ?? ''}`}
        className={styles.cover}
      >
        {onPlay ? (
          <button
            type="button"
            className={styles.playButton}
            aria-label={playing ? AI_STRINGS.jobCard.pause(name) : AI_STRINGS.jobCard.play(name)}
            onClick={() => onPlay(result.id)}
          >
            <span className={styles.playDisc}>{playing ? <PauseIcon /> : <PlayIcon />}</span>
          </button>
        ) : null}
      </CoverArt>
      <div className={styles.resultBody}>
        <div className={styles.nameRow}>
          <span className={styles.name} title={name}>
            {name}
          </span>
          {result.roleLabel ? <span className={styles.role}>{result.roleLabel}</span> : null}
        </div>
        <div className={styles.resultMeta}>
          <AiLabel />
          <time className={styles.duration} dateTime={isoDuration(result.duration)}>
            {formatDuration(result.duration)}
          </time>
          {playing ? (
            <span className={styles.playingText}>{AI_STRINGS.jobCard.playing}</span>
          ) : null}
          {result.live ? <span className={styles.liveText}>{AI_STRINGS.jobCard.live}</span> : null}
        </div>
      </div>
      <div className={styles.actions}>
        {result.downloadUrl && !result.live ? (
          <Button asChild variant="ghost" size="sm">
            <a
              href={result.downloadUrl}
              download
              aria-label={AI_STRINGS.jobCard.downloadName(name)}
            >
              <DownloadIcon className={styles.actionIcon} />
              {AI_STRINGS.jobCard.download}
            </a>
          </Button>
        ) : null}
        {onShare && !result.live ? (
          <Button
            variant="ghost"
            size="sm"
            loading={sharing}
            loadingLabel={AI_STRINGS.jobCard.sharing}
            aria-label={
              shared ? AI_STRINGS.jobCard.sharedName(name) : AI_STRINGS.jobCard.shareName(name)
            }
            title={shared ? AI_STRINGS.jobCard.copyAgain : undefined}
            data-shared={shared ? '' : undefined}
            onClick={() => onShare(result.id)}
          >
            {shared ? (
              <SuccessIcon className={styles.actionIcon} />
            ) : (
              <ShareIcon className={styles.actionIcon} />
            )}
            {shared ? AI_STRINGS.jobCard.shared : AI_STRINGS.jobCard.share}
          </Button>
        ) : null}
        {onKeep && result.keepable && !result.live ? (
          <Button
            variant="ghost"
            size="sm"
            loading={keeping}
            loadingLabel={AI_STRINGS.jobCard.keeping}
            aria-label={AI_STRINGS.jobCard.keepName(name)}
            title={AI_STRINGS.jobCard.keepHint}
            onClick={() => onKeep(result.id)}
          >
            <CertificateIcon className={styles.actionIcon} />
            {AI_STRINGS.jobCard.keep}
          </Button>
        ) : null}
      </div>
      {result.error ? (
        <p className={styles.resultError} role="alert">
          {result.error}
        </p>
      ) : null}
    </li>
  )
}
JobResultRow.displayName = 'JobResultRow'
