import type { WorkDetails } from '@gy/api'
import {
  Button,
  fallbackArtwork,
  formatFen,
  formatPlayCount,
  lyricLinesFromLrc,
  StatusBadge,
} from '@gy/design-system'
import { formatTime } from '@gy/machines'
import { useState, type ReactNode } from 'react'
import { STORE_TEXT as TEXT } from '../../strings.store'
import * as styles from './WorkDetailsView.css'

export interface WorkDetailsViewProps {
  work: WorkDetails
  /** The player is playing this work. */
  playing: boolean
  onPlay: () => void
  /** How the verification link is drawn (a full page load: it is a page of its own). */
  renderLink: (item: { href: string }, children: ReactNode) => ReactNode
  /** The licences to buy, beside the work (the licence panel). */
  licence?: ReactNode
}

/**
 * A work's page: the cover large, title, artist with the certification badge, the facts (price,
 * category, genre, duration, plays), play, the deposit certificate with its public verification,
 * and the lyric; the licence panel sits beside it. Data and callbacks only.
 */
export function WorkDetailsView({
  work,
  playing,
  onPlay,
  renderLink,
  licence,
}: WorkDetailsViewProps) {
  const [failedCover, setFailedCover] = useState<string | null>(null)
  const lines = lyricLinesFromLrc(work.lyric)
  const showCover = work.cover !== '' && failedCover !== work.cover
  const facts: [label: string, value: ReactNode][] = [
    [TEXT.price, work.priceFen > 0 ? formatFen(work.priceFen) : TEXT.free],
    [TEXT.category, work.categoryName || TEXT.uncategorised],
    ...(work.genre ? ([[TEXT.genre, work.genre]] as [string, ReactNode][]) : []),
    [TEXT.duration, formatTime(work.duration)],
    [TEXT.plays, formatPlayCount(work.playCount)],
  ]

  return (
    <article className={styles.layout}>
      <div className={styles.coverColumn}>
        {showCover ? (
          <img
            className={styles.cover}
            src={work.cover}
            alt=""
            decoding="async"
            onError={() => setFailedCover(work.cover)}
          />
        ) : (
          <div
            className={`${styles.cover} ${styles.artwork[fallbackArtwork(`${work.musicName}|${work.artist}`)]}`}
            aria-hidden="true"
          >
            {Array.from(work.musicName)[0]}
          </div>
        )}
      </div>

      <div className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{work.musicName}</h1>
          <p className={styles.artist}>
            <span>{work.artist}</span>
            {work.certified ? <StatusBadge tone="success">{TEXT.certified}</StatusBadge> : null}
          </p>
        </header>

        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt className={styles.factLabel}>{label}</dt>
              <dd className={styles.factValue}>{value}</dd>
            </div>
          ))}
        </dl>

        <div className={styles.actions}>
          <Button size="lg" onClick={onPlay} aria-pressed={playing}>
            {playing ? TEXT.pauseWork : TEXT.playWork}
          </Button>
        </div>

        <section className={styles.deposit} aria-labelledby="work-deposit">
          <h2 id="work-deposit" className={styles.sectionTitle}>
            {TEXT.deposit}
          </h2>
          {work.certificateNo ? (
            <p className={styles.depositLine}>
              <span className={styles.factLabel}>{TEXT.depositNumber}</span>
              <span className={styles.certificateNo}>{work.certificateNo}</span>
              {renderLink(
                { href: work.verifyUrl },
                <span className={styles.verifyLink}>{TEXT.verifyDeposit}</span>,
              )}
            </p>
          ) : (
            <p className={styles.muted}>{TEXT.noDeposit}</p>
          )}
        </section>

        {licence}

        <section className={styles.lyric} aria-labelledby="work-lyric">
          <h2 id="work-lyric" className={styles.sectionTitle}>
            {TEXT.lyric}
          </h2>
          {lines.length > 0 ? (
            <div className={styles.lyricText}>
              {lines.map((line, index) =>
                line === '' ? (
                  <span key={index} className={styles.stanzaBreak} aria-hidden="true" />
                ) : (
                  <p key={index} className={styles.lyricLine}>
                    {line}
                  </p>
                ),
              )}
            </div>
          ) : (
            <p className={styles.muted}>{TEXT.noLyric}</p>
          )}
        </section>
      </div>
    </article>
  )
}
WorkDetailsView.displayName = 'WorkDetailsView'
