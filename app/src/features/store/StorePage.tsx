import {
  searchStore,
  storeBanners,
  storeCategories,
  STORE_KEYWORD_MAX,
  STORE_SORTS,
  type WorkItem,
} from '@gy/api'
import {
  BannerCarousel,
  Button,
  CategoryChips,
  EmptyState,
  formatFen,
  PageContainer,
  Pagination,
  SegmentedControl,
  SortMenu,
  Spinner,
  TextField,
  TrackList,
  WorkCard,
  WorkGrid,
} from '@gy/design-system'
import { STORE_SEARCH_MATCHES_MAX } from '@gy/api/constants'
import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'react-router'
import { useApiData } from '../../providers/useApiData'
import { usePlayWork } from '../../providers/usePlayWork'
import { useMachines, useRuntime } from '../../providers/runtime'
import { STORE_TEXT as TEXT } from '../../strings.store'
import { bannerHref, shellPrefix, storeLink, workPagePath } from './storeLinks'
import * as styles from './store.css'
import { usePlayQueue } from './usePlayQueue'
import { STORE_VIEWS, useStoreQuery } from './useStoreQuery'

const PAGE_SIZE = 20

const SORT_OPTIONS = STORE_SORTS.map((value) => ({ value, label: TEXT.sorts[value] }))
const VIEW_OPTIONS = STORE_VIEWS.map((value) => ({
  value,
  label: value === 'grid' ? TEXT.gridView : TEXT.listView,
}))

/**
 * The store (/copyrightedMusic and /m/copyrightedMusic): banners, categories, search by title,
 * artist or lyric, sorting, cards or a track list, and 播放全部 for the page shown. The search
 * lives in the address, so it can be shared and survives a reload.
 */
export function StorePage() {
  const { api } = useRuntime()
  const prefix = shellPrefix(useLocation().pathname)
  const [query, update] = useStoreQuery()
  const [draft, setDraft] = useState<{ from: string; text: string }>({
    from: query.keyword,
    text: query.keyword,
  })
  // A keyword changed from outside (back button, a link) replaces what was typed.
  const typed = draft.from === query.keyword ? draft.text : query.keyword

  const banners = useApiData('store:banners', () => storeBanners(api), TEXT.failed)
  const categories = useApiData('store:categories', () => storeCategories(api), TEXT.failed)
  const works = useApiData(
    `store:${query.keyword}|${query.categoryId}|${query.sort}|${query.page}`,
    () =>
      searchStore(api, {
        page: query.page,
        pageSize: PAGE_SIZE,
        keyword: query.keyword,
        categoryId: query.categoryId,
        sort: query.sort,
      }),
    TEXT.failed,
  )
  const { play, playingId } = usePlayWork()
  const playAll = usePlayQueue()
  const { player } = useMachines()
  const loadedId = useSelector(player, (snapshot) => snapshot.context.playMusicId)

  function submitSearch(event: FormEvent) {
    event.preventDefault()
    update({ keyword: typed.trim() })
  }

  const records = works.state === 'ready' ? works.data.records : []
  const openHref = (work: WorkItem) => workPagePath(prefix, work.goodsId)

  return (
    <PageContainer width="wide">
      <div className={styles.page}>
        {banners.state === 'ready' && banners.data.length > 0 ? (
          <BannerCarousel
            banners={banners.data.map((banner) => ({
              id: banner.bannerId,
              title: banner.title,
              subtitle: banner.subtitle,
              imageUrl: banner.image || null,
              href: bannerHref(prefix, banner.link),
            }))}
            renderLink={storeLink}
            labels={{ region: TEXT.banners }}
          />
        ) : null}

        <header className={styles.header}>
          <div className={styles.heading}>
            <h1 className={styles.title}>{TEXT.title}</h1>
            <p className={styles.subtitle}>{TEXT.subtitle}</p>
          </div>
          <form className={styles.search} role="search" onSubmit={submitSearch}>
            <TextField
              className={styles.searchField}
              label={TEXT.searchLabel}
              hideLabel
              type="search"
              placeholder={TEXT.searchPlaceholder}
              value={typed}
              maxLength={STORE_KEYWORD_MAX}
              onValueChange={(text) => setDraft({ from: query.keyword, text })}
            />
            <Button type="submit">{TEXT.searchButton}</Button>
          </form>
        </header>

        {categories.state === 'ready' ? (
          <CategoryChips
            label={TEXT.categoriesLabel}
            value={query.categoryId}
            onValueChange={(categoryId) => update({ categoryId })}
            options={[
              { value: '', label: TEXT.allCategories },
              ...categories.data.map((category) => ({
                value: category.categoryId,
                label: category.name,
              })),
            ]}
          />
        ) : null}

        <div className={styles.toolbar}>
          <div className={styles.toolbarStart}>
            <Button
              onClick={() => playAll(records)}
              disabled={records.length === 0}
              aria-label={`${TEXT.playAll}（${records.length}）`}
            >
              {TEXT.playAll}
            </Button>
            <span className={styles.count} aria-live="polite">
              {works.state === 'ready'
                ? query.keyword
                  ? works.data.total >= STORE_SEARCH_MATCHES_MAX
                    ? TEXT.searchResultCapped(query.keyword, works.data.total)
                    : TEXT.searchResultCount(query.keyword, works.data.total)
                  : TEXT.resultCount(works.data.total)
                : null}
            </span>
          </div>
          <div className={styles.toolbarEnd}>
            <SortMenu
              label={TEXT.sortLabel}
              options={SORT_OPTIONS}
              value={query.sort}
              onValueChange={(sort) => update({ sort })}
            />
            <SegmentedControl
              label={TEXT.viewLabel}
              options={VIEW_OPTIONS}
              value={query.view}
              onValueChange={(view) => update({ view })}
            />
          </div>
        </div>

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
        {works.state === 'ready' && records.length === 0 && (
          <EmptyState
            title={query.keyword || query.categoryId ? TEXT.noResultsTitle : TEXT.emptyTitle}
            hint={query.keyword || query.categoryId ? TEXT.noResultsHint : TEXT.emptyHint}
            action={
              query.keyword ? (
                <Button variant="secondary" onClick={() => update({ keyword: '' })}>
                  {TEXT.clearSearch}
                </Button>
              ) : undefined
            }
          />
        )}
        {works.state === 'ready' && records.length > 0 && query.view === 'grid' && (
          <WorkGrid>
            {records.map((work) => (
              <WorkCard
                key={work.goodsId}
                title={work.musicName}
                artist={work.artist}
                coverUrl={work.cover}
                price={work.priceFen > 0 ? formatFen(work.priceFen) : TEXT.free}
                onPlay={() => play(work)}
                playing={playingId === work.musicId}
                tag={work.certified ? TEXT.certified : undefined}
                href={openHref(work)}
                renderLink={storeLink}
                headingLevel={2}
              />
            ))}
          </WorkGrid>
        )}
        {works.state === 'ready' && records.length > 0 && query.view === 'list' && (
          <TrackList
            start={(query.page - 1) * PAGE_SIZE + 1}
            playingId={playingId}
            onPlay={(id) => {
              const index = records.findIndex((work) => work.goodsId === id)
              const work = records[index]
              if (work === undefined) return
              // The loaded track toggles; another one plays with the page as its queue.
              if (work.musicId === loadedId) play(work)
              else playAll(records, index)
            }}
            renderLink={storeLink}
            tracks={records.map((work) => ({
              id: work.goodsId,
              title: work.musicName,
              artist: work.artist,
              coverUrl: work.cover,
              duration: work.duration,
              playCount: work.playCount,
              price: work.priceFen > 0 ? formatFen(work.priceFen) : TEXT.free,
              note: work.categoryName || undefined,
              href: openHref(work),
            }))}
          />
        )}
        {works.state === 'ready' && works.data.total > PAGE_SIZE && (
          <Pagination
            page={query.page}
            pageSize={PAGE_SIZE}
            total={works.data.total}
            onPageChange={(page) => update({ page })}
          />
        )}
      </div>
    </PageContainer>
  )
}
StorePage.displayName = 'StorePage'
