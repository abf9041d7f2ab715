import { LyricDialog, PlayerBar, PlayerBarHandle } from '@gy/design-system'
import {
  currentLyricIndex,
  lyricFileName,
  parseLrc,
  PLAYER_SEEK_STEP_SECONDS,
  selectPlaybackState,
} from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useMachines, useRuntime } from '../providers/runtime'
import { PLAYER_TEXT, UX_TEXT } from '../strings'

/** Keys typed into these elements belong to them, not to the player. */
/** Roles whose widgets move with the arrow keys themselves (WAI-ARIA's composite widgets). */
const ARROW_KEY_ROLES = new Set([
  'slider',
  'radio',
  'tab',
  'menuitem',
  'menuitemradio',
  'menuitemcheckbox',
  'option',
  'spinbutton',
  'scrollbar',
  'combobox',
])

/**
 * Whether the focused element uses `key` itself: text fields use every key, a button takes Space
 * (it presses it), sliders, radios, tabs and menus take the arrows. A button does not take the
 * arrows, so Shift+arrows skip tracks while the focus is on a play button.
 */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
    return true
  }
  const role = target.getAttribute('role') ?? ''
  if (key === ' ') return target.tagName === 'BUTTON' || role === 'slider' || role === 'button'
  return ARROW_KEY_ROLES.has(role)
}

/** Saves the lyric as a text file named after the track (timestamps removed from LRC). */
function downloadLyric(name: string, lyric: string): void {
  const text = parseLrc(lyric)
    .lines.map((line) => line.text)
    .join('\n')
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = lyricFileName(name, PLAYER_TEXT.lyricFileFallbackName)
  link.click()
  // Give the browser the URL long enough to start the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The global player bar and lyric dialog, bound to the player machine. */
export function PlayerHost() {
  const { toasts } = useRuntime()
  const { player } = useMachines()
  const state = useSelector(player, selectPlaybackState)
  const context = useSelector(player, (snapshot) => snapshot.context)
  const lyric = useMemo(() => parseLrc(context.lyric), [context.lyric])
  const activeIndex = lyric.timed ? currentLyricIndex(lyric.lines, context.currentTime) : -1

  // Space plays and pauses, the arrows seek: only while a track is loaded and nobody is typing.
  useEffect(() => {
    if (state === 'empty') return
    function onKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (ownsKey(event.target, event.key)) return
      if (event.key === ' ') player.send({ type: 'player.toggle' })
      // Shift with an arrow steps through the queue (store branch); the media keys too.
      else if (event.shiftKey && event.key === 'ArrowLeft') player.send({ type: 'player.previous' })
      else if (event.shiftKey && event.key === 'ArrowRight') player.send({ type: 'player.next' })
      else if (event.key === 'MediaTrackPrevious') player.send({ type: 'player.previous' })
      else if (event.key === 'MediaTrackNext') player.send({ type: 'player.next' })
      else if (event.key === 'ArrowLeft')
        player.send({ type: 'player.seekBy', seconds: -PLAYER_SEEK_STEP_SECONDS })
      else if (event.key === 'ArrowRight')
        player.send({ type: 'player.seekBy', seconds: PLAYER_SEEK_STEP_SECONDS })
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [player, state])

  return (
    <>
      <PlayerBar
        state={state}
        visible={context.show && context.open}
        title={context.musicName}
        artist={context.musicArtist}
        coverUrl={context.musicCover}
        currentTime={context.currentTime}
        duration={context.duration}
        volume={context.volume}
        muted={context.muted}
        errorMessage={context.errorMessage || PLAYER_TEXT.loadFailed}
        buffering={state === 'playing' && context.musicLoading}
        onToggle={() => player.send({ type: 'player.toggle' })}
        onSeek={(time) => player.send({ type: 'player.seek', time })}
        onVolumeChange={(value) => player.send({ type: 'player.volume', value })}
        onMutedChange={() => player.send({ type: 'player.mute.toggle' })}
        onLyricClick={() => player.send({ type: 'player.lyric.open' })}
        onHide={() => player.send({ type: 'player.hide' })}
        onPrevious={() => player.send({ type: 'player.previous' })}
        onNext={() => player.send({ type: 'player.next' })}
        hasNext={context.queueIndex + 1 < context.queue.length}
      />
      {/* Hiding the bar never hides the music: the handle brings the bar back. */}
      <PlayerBarHandle
        visible={context.show && !context.open}
        playing={state === 'playing'}
        title={context.musicName}
        label={UX_TEXT.showPlayer}
        onShow={() => player.send({ type: 'player.show' })}
      />
      <LyricDialog
        open={context.showLyric}
        onOpenChange={(open) => !open && player.send({ type: 'player.lyric.close' })}
        title={context.lyricName}
        lines={lyric.lines}
        timed={lyric.timed}
        activeIndex={activeIndex}
        onDownload={() => {
          try {
            downloadLyric(context.lyricName, context.lyric)
          } catch (error) {
            console.warn('lyric download failed', error)
            toasts.show('error', PLAYER_TEXT.downloadFailed)
          }
        }}
      />
    </>
  )
}
