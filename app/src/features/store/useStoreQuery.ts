import { STORE_KEYWORD_MAX, STORE_SORTS, type StoreSort } from '@gy/api'
import { useSearchParams } from 'react-router'

export const STORE_VIEWS = ['grid', 'list'] as const
export type StoreView = (typeof STORE_VIEWS)[number]

export interface StoreQueryState {
  keyword: string
  categoryId: string
  sort: StoreSort
  page: number
  view: StoreView
}

const PAGE_MAX = 10_000

function pick<Value extends string>(values: readonly Value[], raw: string | null, fallback: Value) {
  return values.find((value) => value === raw) ?? fallback
}

/** Reads the store's search from the address (so a search can be shared and survives a reload). */
export function readStoreQuery(params: URLSearchParams): StoreQueryState {
  const page = Number(params.get('page'))
  return {
    keyword: (params.get('q') ?? '').slice(0, STORE_KEYWORD_MAX),
    categoryId: params.get('category') ?? '',
    sort: pick(STORE_SORTS, params.get('sort'), 'newest'),
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
    view: pick(STORE_VIEWS, params.get('view'), 'grid'),
  }
}

/** The address's parameters for `state`, leaving out the defaults. */
export function writeStoreQuery(state: StoreQueryState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.keyword) params.set('q', state.keyword)
  if (state.categoryId) params.set('category', state.categoryId)
  if (state.sort !== 'newest') params.set('sort', state.sort)
  if (state.page > 1) params.set('page', String(state.page))
  if (state.view !== 'grid') params.set('view', state.view)
  return params
}

/** The store's search, kept in the address. */
export function useStoreQuery(): [StoreQueryState, (change: Partial<StoreQueryState>) => void] {
  const [params, setParams] = useSearchParams()
  const state = readStoreQuery(params)
  const update = (change: Partial<StoreQueryState>) => {
    // A new search, category or order starts at its first page; the view keeps the page.
    const resetsPage = Object.keys(change).some((key) => key !== 'page' && key !== 'view')
    const next = { ...state, ...(resetsPage ? { page: 1 } : {}), ...change }
    setParams(writeStoreQuery(next))
  }
  return [state, update]
}
