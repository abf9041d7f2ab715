import { homeWorks, workDetails, type WorkItem } from '@gy/api'
import { Button, EmptyState, MobilePlayer, Spinner } from '@gy/design-system'
import { normalizeTrack } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { Link, useSearchParams } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { useAppLinks } from '../../providers/useAppLinks'
import { useCopyText } from '../../providers/useCopyText'
import { useMachines, useRuntime } from '../../providers/runtime'
import { MOBILE_TEXT } from '../../strings.mobile'
import * as styles from './mobile.css'

const TEXT = MOBILE_TEXT.player

/**
 * The phone's player (`/m/mobilePlayer?musicId=...`, `/m/GYmusicPlayer`) and the share page
 * (`/m/musicShare?musicId=...`, with a copy-link and open-in-app line): one work, its cover large,
 * the lyric in step with the music, progress and a play control, all driven by the one player of
 * the app. Without a musicId it offers the first work on the home page.
 */
export function MobilePlayerPage({ share = false }: { share?: boolean }) {
  const { api } = useRuntime()
  const { player } = useMachines()
  const musicId = useSearchParams()[0].get('musicId')
  const work = useApiData<WorkItem | undefined>(
    `m:work:${musicId ?? ''}`,
    () => (musicId ? workDetails(api, musicId) : homeWorks(api).then((works) => works[0])),
    TEXT.failed,
  )
  const state = useSelector(player, (snapshot) => snapshot.context)
  const copyText = useCopyText()
  const { openApp } = useAppLinks()

  if (work.state === 'loading') {
    return (
      <div className={styles.center} aria-busy="true">
        <Spinner size="md" />
        <span>{TEXT.loading}</span>
      </div>
    )
  }
  if (work.state === 'failed' || !work.data) {
    return (
      <EmptyState
        title={work.state === 'failed' ? TEXT.failed : TEXT.notFoundTitle}
        hint={work.state === 'failed' ? work.message : TEXT.notFoundHint}
        action={
          work.state === 'failed' ? (
            <Button onClick={work.retry}>{TEXT.retry}</Button>
          ) : (
            <Button asChild>
              <Link to="/m/copyrightedMusic">{TEXT.toStore}</Link>
            </Button>
          )
        }
      />
    )
  }
  const item = work.data
  // The player may hold another work: then this page shows this one at its start.
  const loaded = state.playMusicId === item.musicId
  return (
    <>
      {share && (
        <div className={styles.shareBar}>
          <span className={styles.hint}>{TEXT.shareFrom}</span>
          <span className={styles.shareActions}>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void copyText(window.location.href)}
            >
              {TEXT.copyLink}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void openApp()}>
              {TEXT.openInApp}
            </Button>
          </span>
        </div>
      )}
      <MobilePlayer
        title={item.musicName}
        artist={item.artist}
        coverUrl={item.cover}
        lyric={item.lyric}
        playing={loaded && state.isPlay}
        loading={loaded && state.musicLoading}
        currentTime={loaded ? state.currentTime : 0}
        duration={loaded && state.duration > 0 ? state.duration : item.duration}
        onTogglePlay={() => player.send({ type: 'player.load', track: normalizeTrack(item) })}
        onSeek={(time) => {
          if (!loaded) player.send({ type: 'player.load', track: normalizeTrack(item) })
          player.send({ type: 'player.seek', time })
        }}
        labels={TEXT}
      />
    </>
  )
}
