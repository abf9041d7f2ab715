import { listWorks, type OriginalItem, type WorkItem } from '@gy/api'
import { coverOriginals } from '@gy/api/aiZone'
import {
  Button,
  EmptyState,
  formatShanghaiDateTime,
  PageContainer,
  Pagination,
  SectionHeader,
  SegmentedControl,
  Spinner,
  TextField,
} from '@gy/design-system'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { type ApiData, useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { AI_TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { formatSize } from './format'
import {
  COVER_MODE_PATH,
  coverModeBackHref,
  coverModeHref,
  type CoverSettings,
  coverSettingsFrom,
  type CoverSource,
} from './query'
import { usePlayAudio, usePlayingId } from './useResultActions'

const TEXT = AI_TEXT.choose
const PAGE_SIZE = 10
const KEYWORD_MAX = 50
type Tab = 'store' | 'uploads'
const TABS: { value: Tab; label: string }[] = [
  { value: 'store', label: TEXT.tabs.store },
  { value: 'uploads', label: TEXT.tabs.uploads },
]

function pageFrom(text: string | null): number {
  const page = Number(text)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** One song to choose: its art, its name and a line about it, 试听 and 选择. */
function SongRow({
  cover,
  name,
  meta,
  playing,
  onPlay,
  onChoose,
}: {
  cover: string
  name: string
  meta: ReactNode
  playing: boolean
  onPlay: () => void
  onChoose: () => void
}) {
  return (
    <li>
      <div className={styles.item}>
        <span className={styles.thumb}>
          {cover === '' ? '♪' : <img className={styles.thumbImage} src={cover} alt="" />}
        </span>
        <span className={styles.itemBody}>
          <span className={styles.itemTitle}>
            <span className={styles.ellipsis}>{name}</span>
          </span>
          <span className={styles.itemMeta}>{meta}</span>
        </span>
        <span className={styles.itemActions}>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={playing}
            aria-label={TEXT.play(name)}
            onClick={onPlay}
          >
            {playing ? AI_TEXT.pause : AI_TEXT.play}
          </Button>
          <Button size="sm" aria-label={TEXT.chooseName(name)} onClick={onChoose}>
            {TEXT.choose}
          </Button>
        </span>
      </div>
    </li>
  )
}
SongRow.displayName = 'SongRow'

function StoreList({
  keyword,
  page,
  onPage,
  onChoose,
}: {
  keyword: string
  page: number
  onPage: (page: number) => void
  onChoose: (source: CoverSource) => void
}) {
  const { api } = useRuntime()
  const { play, playingId } = usePlayWork()
  const works = useApiData(
    `ai:store:${keyword}:${page}`,
    () => {
      // musicGoods/list searches by keyword (MusicGoodsListBody); the call's declared type names
      // only the page fields, so the body is built first.
      const body = { page, pageSize: PAGE_SIZE, ...(keyword === '' ? {} : { keyword }) }
      return listWorks(api, body)
    },
    AI_TEXT.loadFailed,
  )
  return (
    <ListState
      data={works}
      empty={<EmptyState title={TEXT.storeEmpty} hint={TEXT.storeEmptyHint} />}
      page={page}
      onPage={onPage}
      render={(work: WorkItem) => (
        <SongRow
          key={work.goodsId}
          cover={work.cover}
          name={work.musicName}
          meta={work.artist}
          playing={playingId === work.musicId}
          onPlay={() => play(work)}
          onChoose={() => onChoose({ kind: 'goods', goodsId: work.goodsId, name: work.musicName })}
        />
      )}
    />
  )
}
StoreList.displayName = 'StoreList'

function UploadList({
  page,
  onPage,
  onChoose,
}: {
  page: number
  onPage: (page: number) => void
  onChoose: (source: CoverSource) => void
}) {
  const { api } = useRuntime()
  const playAudio = usePlayAudio()
  const playingId = usePlayingId()
  const uploads = useApiData(
    `ai:originals:${page}`,
    () => coverOriginals(api, { page, pageSize: PAGE_SIZE }),
    AI_TEXT.loadFailed,
  )
  return (
    <ListState
      data={uploads}
      empty={
        <EmptyState
          title={TEXT.uploadsEmpty}
          hint={TEXT.uploadsEmptyHint}
          action={
            <Button asChild>
              <Link to={COVER_MODE_PATH}>{TEXT.back}</Link>
            </Button>
          }
        />
      }
      page={page}
      onPage={onPage}
      render={(item: OriginalItem) => (
        <SongRow
          key={item.fileId}
          cover=""
          name={item.name}
          meta={[formatSize(item.size), formatShanghaiDateTime(item.createdAt)]
            .filter(Boolean)
            .join(' · ')}
          playing={playingId === item.fileId}
          onPlay={() => playAudio({ id: item.fileId, name: item.name, cover: '', url: item.url })}
          onChoose={() => onChoose({ kind: 'file', fileId: item.fileId, name: item.name })}
        />
      )}
    />
  )
}
UploadList.displayName = 'UploadList'

/** Loading, failed, empty, or the rows and their pages. */
function ListState<Item>({
  data,
  empty,
  page,
  onPage,
  render,
}: {
  data: ApiData<{ records: Item[]; total: number }>
  empty: ReactNode
  page: number
  onPage: (page: number) => void
  render: (item: Item) => ReactNode
}) {
  if (data.state === 'loading') {
    return (
      <div className={styles.center} aria-busy="true">
        <Spinner size="md" />
      </div>
    )
  }
  if (data.state === 'failed') {
    return (
      <EmptyState
        title={AI_TEXT.loadFailed}
        hint={data.message}
        action={<Button onClick={data.retry}>{AI_TEXT.retry}</Button>}
      />
    )
  }
  if (data.data.records.length === 0) return empty
  return (
    <>
      <ul className={styles.cards}>{data.data.records.map(render)}</ul>
      {data.data.total > PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={data.data.total}
          onPageChange={onPage}
        />
      ) : null}
    </>
  )
}
ListState.displayName = 'ListState'

/**
 * /aiCreationCenter/chooseMusic: a song for a cover, from the store (searchable) or from the
 * user's uploads; choosing one goes back to the cover page with it in the address, and with the
 * singer and sliders the cover page had.
 */
export function ChooseMusicPage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const tab: Tab = params.get('tab') === 'uploads' ? 'uploads' : 'store'
  const keyword = (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX)
  const page = pageFrom(params.get('page'))
  const settings: CoverSettings = coverSettingsFrom(params)
  const [typed, setTyped] = useState(keyword)

  function go(next: { tab?: Tab; keyword?: string; page?: number }): void {
    setParams((current) => {
      const updated = new URLSearchParams(current)
      const values = { tab, keyword, page: 1, ...next }
      updated.set('tab', values.tab)
      if (values.keyword === '') updated.delete('keyword')
      else updated.set('keyword', values.keyword)
      if (values.page === 1) updated.delete('page')
      else updated.set('page', String(values.page))
      return updated
    })
  }

  function search(event: FormEvent): void {
    event.preventDefault()
    go({ keyword: typed.trim() })
  }

  const choose = (source: CoverSource) => void navigate(coverModeHref(source, settings))

  return (
    <PageContainer width="wide">
      <div className={styles.page}>
        <div className={styles.headerRow}>
          <SectionHeader title={TEXT.title} subtitle={TEXT.subtitle} level={1} />
          <Button variant="secondary" asChild>
            <Link to={coverModeBackHref(settings)}>{TEXT.back}</Link>
          </Button>
        </div>
        <SegmentedControl
          options={TABS}
          value={tab}
          onValueChange={(value) => go({ tab: value, keyword: value === 'store' ? keyword : '' })}
          label={TEXT.tabsLabel}
        />
        {tab === 'store' ? (
          <>
            <form className={styles.searchForm} role="search" onSubmit={search}>
              <TextField
                label={TEXT.searchLabel}
                hideLabel
                type="search"
                placeholder={TEXT.searchPlaceholder}
                value={typed}
                maxLength={KEYWORD_MAX}
                onValueChange={setTyped}
              />
              <Button type="submit">{TEXT.search}</Button>
            </form>
            <StoreList
              keyword={keyword}
              page={page}
              onPage={(next) => go({ page: next })}
              onChoose={choose}
            />
          </>
        ) : (
          <UploadList page={page} onPage={(next) => go({ page: next })} onChoose={choose} />
        )}
      </div>
    </PageContainer>
  )
}
ChooseMusicPage.displayName = 'ChooseMusicPage'
