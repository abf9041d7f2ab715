import { homeWorks, type WorkItem } from '@gy/api'
import { shareExamples } from '@gy/api/aiZone'
import { Button, EmptyState, Spinner } from '@gy/design-system'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAppSettings } from '../../providers/useAppSettings'
import { useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { useRuntime, useSession } from '../../providers/runtime'
import { MOBILE_TEXT } from '../../strings.mobile'
import * as styles from './mobile.css'
import { ChevronRightIcon, ENTRY_ICONS } from './MobileIcons'

const TEXT = MOBILE_TEXT.home

const ENTRIES = [
  { key: 'store', href: '/m/copyrightedMusic', label: TEXT.entries.store },
  { key: 'ai', href: '/aiCreationCenter', label: TEXT.entries.ai },
  { key: 'vote', href: '/m/vote/list', label: TEXT.entries.vote },
  { key: 'about', href: '/m/aboutUs', label: TEXT.entries.about },
] as const

const FOOTER_LINKS = [
  { href: '/m/gyServe', label: TEXT.footerLinks.serve },
  { href: '/m/gyPrivacy', label: TEXT.footerLinks.privacy },
  { href: '/m/useingHelp', label: TEXT.footerLinks.help },
  { href: '/m/joinUs', label: TEXT.footerLinks.joinUs },
] as const

/** How many works the home lists; the store has the rest. */
const HOME_WORKS = 8

/**
 * The mobile home, in the manner of a music app's front page: the promise and the way in (log in),
 * four entries (store, AI creation, activities, about), the works to play now, the AI picks, and
 * the agreements and filing notes at the foot.
 */
export function MobileHomePage() {
  const { openLogin } = useRuntime()
  const { userInfo } = useSession()
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>{TEXT.tagline}</h1>
        <p className={styles.heroText}>
          {userInfo ? TEXT.greeting(userInfo.nickName) : TEXT.pitch}
        </p>
        {!userInfo && (
          <Button className={styles.heroAction} variant="secondary" size="sm" onClick={openLogin}>
            {TEXT.login}
          </Button>
        )}
      </section>

      <nav aria-label={TEXT.entriesLabel}>
        <ul className={styles.entries}>
          {ENTRIES.map((entry) => (
            <li key={entry.key}>
              <Link className={styles.entry} to={entry.href}>
                <span className={styles.entryIcon}>{ENTRY_ICONS[entry.key]}</span>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Section title={TEXT.worksTitle} moreHref="/m/copyrightedMusic">
        <HomeWorkList />
      </Section>

      <Section title={TEXT.aiTitle} hint={TEXT.aiHint}>
        <AiPicks />
      </Section>

      <HomeFooter />
    </div>
  )
}

function Section({
  title,
  hint,
  moreHref,
  children,
}: {
  title: string
  hint?: string
  moreHref?: string
  children: ReactNode
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {moreHref && (
          <Link className={styles.sectionMore} to={moreHref}>
            {TEXT.worksMore}
            <ChevronRightIcon />
          </Link>
        )}
      </div>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
    </section>
  )
}

function Loading() {
  return (
    <div className={styles.center} aria-busy="true">
      <Spinner size="sm" />
      <span>{TEXT.worksLoading}</span>
    </div>
  )
}

function HomeWorkList() {
  const { api } = useRuntime()
  const works = useApiData('m:home:works', () => homeWorks(api), TEXT.worksFailed)
  const { play, playingId } = usePlayWork()
  if (works.state === 'loading') return <Loading />
  if (works.state === 'failed') {
    return (
      <EmptyState
        title={TEXT.worksFailed}
        hint={works.message}
        action={<Button onClick={works.retry}>{TEXT.retry}</Button>}
      />
    )
  }
  if (works.data.length === 0) {
    return <EmptyState title={TEXT.worksEmptyTitle} hint={TEXT.worksEmptyHint} />
  }
  return (
    <ol className={styles.workList}>
      {works.data.slice(0, HOME_WORKS).map((work: WorkItem) => {
        const playing = playingId === work.musicId
        return (
          <li key={work.musicId} className={styles.workRow}>
            <Link
              className={styles.workLink}
              to={`/m/mobilePlayer?musicId=${encodeURIComponent(work.musicId)}`}
            >
              {work.cover ? (
                <img className={styles.thumb} src={work.cover} alt="" loading="lazy" />
              ) : (
                <span className={styles.thumb} aria-hidden="true" />
              )}
              <span className={styles.workText}>
                <span className={styles.workTitle}>{work.musicName}</span>
                <span className={styles.workArtist}>{work.artist}</span>
              </span>
            </Link>
            <button
              type="button"
              className={styles.rowPlay}
              aria-pressed={playing}
              aria-label={`${playing ? TEXT.pause : TEXT.play} ${work.musicName}`}
              onClick={() => play(work)}
            >
              <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
                {playing ? (
                  <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
                ) : (
                  <path fill="currentColor" d="M8 5.5v13l10.5-6.5z" />
                )}
              </svg>
            </button>
          </li>
        )
      })}
    </ol>
  )
}

function AiPicks() {
  const { api } = useRuntime()
  const { userInfo } = useSession()
  const picks = useApiData(
    `m:home:ai:${userInfo !== null}`,
    () => shareExamples(api, userInfo !== null),
    TEXT.aiFailed,
  )
  if (picks.state === 'loading') return <Loading />
  if (picks.state === 'failed') {
    return (
      <EmptyState
        title={TEXT.aiFailed}
        hint={picks.message}
        action={<Button onClick={picks.retry}>{TEXT.retry}</Button>}
      />
    )
  }
  if (picks.data.records.length === 0) return <p className={styles.hint}>{TEXT.aiEmpty}</p>
  return (
    <ul className={styles.shelf}>
      {picks.data.records.map((share) => (
        <li key={share.shareId} className={styles.shelfItem}>
          <Link
            className={styles.shelfLink}
            to={`/m/aiShare?shareId=${encodeURIComponent(share.shareId)}`}
          >
            {share.cover ? (
              <img className={styles.shelfCover} src={share.cover} alt="" loading="lazy" />
            ) : (
              <span className={styles.shelfCover} aria-hidden="true" />
            )}
            <span className={styles.workTitle}>{share.name}</span>
            <span className={styles.workArtist}>{share.author}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function HomeFooter() {
  const settings = useAppSettings()
  return (
    <footer className={styles.footer}>
      <nav className={styles.footerLinks} aria-label={TEXT.agreementsTitle}>
        {FOOTER_LINKS.map((link) => (
          <Link key={link.href} to={link.href}>
            {link.label}
          </Link>
        ))}
      </nav>
      {settings?.contactImageUrl && (
        <img
          className={styles.contactImage}
          src={settings.contactImageUrl}
          alt={TEXT.contactImage}
        />
      )}
      {settings?.filingNotes.map((note) => (
        <span key={note}>{note}</span>
      ))}
      <span>{TEXT.footer}</span>
    </footer>
  )
}
