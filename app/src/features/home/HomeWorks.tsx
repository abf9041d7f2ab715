import { homeWorks, type WorkItem } from '@gy/api'
import { Button, EmptyState, formatFen, Spinner, WorkCard, WorkGrid } from '@gy/design-system'
import { usePlayWork } from '../../providers/usePlayWork'
import { useRuntime } from '../../providers/runtime'
import { STRINGS, WORKS_TEXT } from '../../strings'
import * as styles from './HomePage.css'
import { useHomeWorks } from './useHomeWorks'

/**
 * The works on the home page, each playable in place. While the catalogue is empty (a first
 * start still composing its first work) it asks again every few seconds, so the first work
 * appears by itself.
 */
export function HomeWorks() {
  const { api } = useRuntime()
  const works = useHomeWorks(() => homeWorks(api), STRINGS.home.worksFailed)
  const { play, playingId } = usePlayWork()

  if (works.state === 'loading') {
    return (
      <div className={styles.worksLoading} aria-busy="true">
        <Spinner size="md" />
        <span>{STRINGS.home.worksLoading}</span>
      </div>
    )
  }
  if (works.state === 'failed') {
    return (
      <EmptyState
        title={STRINGS.home.worksFailed}
        hint={works.message}
        action={<Button onClick={works.retry}>{STRINGS.home.retry}</Button>}
      />
    )
  }
  if (works.data.length === 0) {
    return <EmptyState title={STRINGS.home.worksEmptyTitle} hint={STRINGS.home.worksEmptyHint} />
  }
  return (
    <WorkGrid>
      {works.data.map((work: WorkItem) => (
        <WorkCard
          key={work.musicId}
          title={work.musicName}
          artist={work.artist}
          coverUrl={work.cover}
          price={work.priceFen > 0 ? formatFen(work.priceFen) : undefined}
          onPlay={() => play(work)}
          playing={playingId === work.musicId}
          tag={work.certified ? WORKS_TEXT.certified : undefined}
        />
      ))}
    </WorkGrid>
  )
}
