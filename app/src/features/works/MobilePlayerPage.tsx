import { homeWorks, workDetails, type WorkItem } from '@gy/api'
import { Button, EmptyState, Spinner } from '@gy/design-system'
import { useSearchParams } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { useRuntime } from '../../providers/runtime'
import { WORKS_TEXT as TEXT } from '../../strings'
import * as styles from './works.css'

/**
 * The mobile player (`/m/mobilePlayer?musicId=...`, `/m/GYmusicPlayer`): one work, its cover large,
 * played through the same player as everywhere else. Without a musicId it offers the first work.
 */
export function MobilePlayerPage() {
  const { api } = useRuntime()
  const musicId = useSearchParams()[0].get('musicId')
  const work = useApiData<WorkItem | undefined>(
    `work:${musicId ?? ''}`,
    () => (musicId ? workDetails(api, musicId) : homeWorks(api).then((works) => works[0])),
    TEXT.failed,
  )
  const { play, playingId } = usePlayWork()

  if (work.state === 'loading') {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner size="md" />
        <span>{TEXT.loading}</span>
      </div>
    )
  }
  if (work.state === 'failed' || !work.data) {
    return (
      <EmptyState
        title={TEXT.notFoundTitle}
        hint={work.state === 'failed' ? work.message : TEXT.notFoundHint}
        action={work.state === 'failed' && <Button onClick={work.retry}>{TEXT.retry}</Button>}
      />
    )
  }
  const item = work.data
  const playing = playingId === item.musicId
  return (
    <section className={styles.player} aria-label={TEXT.playerTitle}>
      {item.cover ? (
        <img className={styles.cover} src={item.cover} alt="" />
      ) : (
        <div className={styles.cover} aria-hidden="true" />
      )}
      <h1 className={styles.title}>{item.musicName}</h1>
      <p className={styles.artist}>{item.artist}</p>
      <Button size="lg" onClick={() => play(item)}>
        {playing ? TEXT.pause : TEXT.play}
      </Button>
    </section>
  )
}
