import { listWorks } from '@gy/api'
import {
  Button,
  EmptyState,
  formatFen,
  PageContainer,
  Pagination,
  SectionHeader,
  Spinner,
  WorkCard,
  WorkGrid,
} from '@gy/design-system'
import { useState } from 'react'
import { useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { useRuntime } from '../../providers/runtime'
import { WORKS_TEXT as TEXT } from '../../strings'
import * as styles from './works.css'

const PAGE_SIZE = 12

/** Every listed work, a page at a time, each playable in place. */
export function CopyrightedMusicPage() {
  const { api } = useRuntime()
  const [page, setPage] = useState(1)
  const works = useApiData(
    `works:${page}`,
    () => listWorks(api, { page, pageSize: PAGE_SIZE }),
    TEXT.failed,
  )
  const { play, playingId } = usePlayWork()

  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.title} subtitle={TEXT.subtitle} level={1} />
        {works.state === 'loading' && (
          <div className={styles.loading} aria-busy="true">
            <Spinner size="md" />
            <span>{TEXT.loading}</span>
          </div>
        )}
        {works.state === 'failed' && (
          <EmptyState
            title={TEXT.failed}
            hint={works.message}
            action={<Button onClick={works.retry}>{TEXT.retry}</Button>}
          />
        )}
        {works.state === 'ready' && works.data.records.length === 0 && (
          <EmptyState title={TEXT.emptyTitle} hint={TEXT.emptyHint} />
        )}
        {works.state === 'ready' && works.data.records.length > 0 && (
          <>
            <WorkGrid>
              {works.data.records.map((work) => (
                <WorkCard
                  key={work.musicId}
                  title={work.musicName}
                  artist={work.artist}
                  coverUrl={work.cover}
                  price={work.priceFen > 0 ? formatFen(work.priceFen) : TEXT.free}
                  onPlay={() => play(work)}
                  playing={playingId === work.musicId}
                  tag={work.certified ? TEXT.certified : undefined}
                />
              ))}
            </WorkGrid>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={works.data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </div>
    </PageContainer>
  )
}
