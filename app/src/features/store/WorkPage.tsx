import { MESSAGES, storeWorkDetails, type WorkDetails } from '@gy/api'
import { Button, EmptyState, PageContainer, Spinner } from '@gy/design-system'
import { useSelector } from '@xstate/react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { useMachines, useRuntime } from '../../providers/runtime'
import { STORE_TEXT as TEXT } from '../../strings.store'
import { LicencePanel } from './licence/LicencePanel'
import { shellPrefix, storeLink } from './storeLinks'
import * as styles from './store.css'
import { WorkDetailsView } from './WorkDetailsView'

const GOODS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A work's page (/copyrightedMusic/details?goodsId=…, and under /m/ on phones; no login): the
 * work, play, its deposit certificate, and the licences to buy.
 */
export function WorkPage() {
  const { api } = useRuntime()
  const { player } = useMachines()
  const prefix = shellPrefix(useLocation().pathname)
  const goodsId = useSearchParams()[0].get('goodsId') ?? ''
  const valid = GOODS_ID.test(goodsId)
  const work = useApiData(
    `work:${goodsId}`,
    () => (valid ? storeWorkDetails(api, goodsId) : Promise.resolve(null)),
    TEXT.workFailed,
  )
  const { play, playingId } = usePlayWork()
  const loadedId = useSelector(player, (snapshot) => snapshot.context.playMusicId)
  const back = (
    <Button variant="secondary" asChild>
      <Link to={`${prefix}/copyrightedMusic`}>{TEXT.backToStore}</Link>
    </Button>
  )

  return (
    <PageContainer width="wide">
      {work.state === 'loading' && (
        <div className={styles.loading} aria-busy="true">
          <Spinner size="md" />
          <span>{TEXT.workLoading}</span>
        </div>
      )}
      {((work.state === 'ready' && work.data === null) ||
        (work.state === 'failed' && work.message === MESSAGES.workNotFound)) && (
        <div className={styles.page}>
          <EmptyState title={TEXT.workNotFoundTitle} hint={TEXT.workNotFoundHint} action={back} />
        </div>
      )}
      {work.state === 'failed' && work.message !== MESSAGES.workNotFound && (
        <div className={styles.page}>
          <EmptyState
            title={TEXT.workFailed}
            hint={work.message}
            action={<Button onClick={work.retry}>{TEXT.retry}</Button>}
          />
        </div>
      )}
      {work.state === 'ready' && work.data !== null && (
        <Loaded work={work.data} loadedId={loadedId} playingId={playingId} play={play} />
      )}
    </PageContainer>
  )
}
WorkPage.displayName = 'WorkPage'

function Loaded({
  work,
  loadedId,
  playingId,
  play,
}: {
  work: WorkDetails
  loadedId: string
  playingId: string | null
  play: (work: WorkDetails) => void
}) {
  const { player } = useMachines()
  return (
    <WorkDetailsView
      work={work}
      playing={playingId === work.musicId}
      onPlay={() => {
        // The loaded work toggles; otherwise it starts (a restored, paused one resumes).
        if (loadedId === work.musicId) player.send({ type: 'player.toggle' })
        else play(work)
      }}
      renderLink={storeLink}
      licence={<LicencePanel goodsId={work.goodsId} />}
    />
  )
}
Loaded.displayName = 'WorkPage.Loaded'
