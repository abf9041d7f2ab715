import { useEffect, useRef, useState } from 'react'
import { mediaQueries } from '../../themes/breakpoints'
import { Button } from '../Button/Button'
import * as Dialog from '../Dialog/Dialog'
import { EmptyState } from '../EmptyState/EmptyState'
import { DownloadIcon } from '../private/playerIcons'
import * as styles from './LyricDialog.css'
import { lyricDialogStrings, type LyricDialogLabels } from '../../strings'

/** One line as the player machine's `parseLrc` returns it: `time` (seconds) for LRC lines. */
export interface LyricLine {
  time?: number
  text: string
}

export interface LyricDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The track's name, the dialog's title. */
  title: string
  lines: readonly LyricLine[]
  /** LRC with times: the active line is highlighted and followed. Plain text: just the lines. */
  timed: boolean
  /** The line being sung (-1 before the first); ignored for plain lyrics. */
  activeIndex: number
  onDownload: () => void
  labels?: Partial<LyricDialogLabels>
}

/** After the reader scrolls the lyric themselves, following the song waits this long. */
const MANUAL_SCROLL_PAUSE_MS = 4000

/**
 * The lyric of the playing track in a 576px dialog: the line being sung is highlighted and kept in
 * the middle of the list (smoothly, unless the reader prefers reduced motion), plain lyrics read
 * as text, a missing lyric shows 暂无歌词, and 下载歌词 hands the download to the app. Esc, the
 * overlay and the × close it through `onOpenChange(false)`.
 */
export function LyricDialog({
  open,
  onOpenChange,
  title,
  lines,
  timed,
  activeIndex,
  onDownload,
  labels: labelOverrides,
}: LyricDialogProps) {
  const labels: LyricDialogLabels = { ...lyricDialogStrings, ...labelOverrides }
  // State, not a ref: the dialog's portal mounts the list a render after `open` turns true, and
  // following the song must start when the list is there.
  const [list, setList] = useState<HTMLOListElement | null>(null)
  const manualScrollUntilRef = useRef(0)
  // The first follow in a freshly opened list jumps; later ones glide from line to line.
  const followedListRef = useRef<HTMLOListElement | null>(null)

  const hasLyric = lines.some((line) => line.text.trim() !== '')
  const followsSong = open && timed && hasLyric

  useEffect(() => {
    if (!followsSong || !list || Date.now() < manualScrollUntilRef.current) return
    const line = list.children.item(Math.max(activeIndex, 0))
    if (!(line instanceof HTMLElement)) return
    const top = line.offsetTop - (list.clientHeight - line.offsetHeight) / 2
    const glide = followedListRef.current === list && !prefersReducedMotion()
    followedListRef.current = list
    // jsdom has no element scrolling; browsers all have scrollTo.
    if (typeof list.scrollTo === 'function') {
      list.scrollTo({ top: Math.max(top, 0), behavior: glide ? 'smooth' : 'auto' })
    }
  }, [followsSong, list, activeIndex])

  function pauseFollowing() {
    manualScrollUntilRef.current = Date.now() + MANUAL_SCROLL_PAUSE_MS
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content size="lyric" className={styles.content} closeLabel={labels.close}>
        <header className={styles.header}>
          <Dialog.Description className={styles.eyebrow}>{labels.lyric}</Dialog.Description>
          <Dialog.Title className={styles.title}>{title.trim() || labels.untitled}</Dialog.Title>
        </header>

        {hasLyric ? (
          <ol
            ref={setList}
            className={timed ? styles.timedList : styles.plainList}
            // Focusable, so keyboard users can scroll a long lyric.
            tabIndex={0}
            aria-label={labels.lyric}
            onWheel={pauseFollowing}
            onTouchMove={pauseFollowing}
            onKeyDown={pauseFollowing}
          >
            {lines.map((line, index) => {
              const active = timed && index === activeIndex
              return (
                <li
                  key={`${index}-${line.time ?? ''}`}
                  className={timed ? styles.timedLine : styles.plainLine}
                  aria-current={active ? 'true' : undefined}
                >
                  {/* A blank line keeps its height: a pause in the song or between verses. */}
                  {line.text.trim() === '' ? '\u00a0' : line.text}
                </li>
              )
            })}
          </ol>
        ) : (
          <EmptyState className={styles.empty} title={labels.noLyric} hint={labels.noLyricHint} />
        )}

        <footer className={styles.footer}>
          <Button variant="secondary" disabled={!hasLyric} onClick={onDownload}>
            <DownloadIcon />
            {labels.download}
          </Button>
        </footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
LyricDialog.displayName = 'LyricDialog'

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(mediaQueries.reducedMotion).matches
    : false
}
