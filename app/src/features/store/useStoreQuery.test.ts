import { describe, expect, it } from 'vitest'
import { readStoreQuery, writeStoreQuery } from './useStoreQuery'

describe('the store search in the address', () => {
  it('reads what was written, leaving out the defaults', () => {
    const state = {
      keyword: '月光',
      categoryId: 'folk',
      sort: 'plays',
      page: 3,
      view: 'list',
    } as const
    const params = writeStoreQuery(state)
    expect(params.toString()).toBe(
      new URLSearchParams({
        q: '月光',
        category: 'folk',
        sort: 'plays',
        page: '3',
        view: 'list',
      }).toString(),
    )
    expect(readStoreQuery(params)).toEqual(state)
    expect(writeStoreQuery(readStoreQuery(new URLSearchParams())).toString()).toBe('')
  })

  it('falls back to the defaults for nonsense, and cuts an overlong keyword', () => {
    const read = readStoreQuery(
      new URLSearchParams({ q: '歌'.repeat(200), sort: 'random', page: '-4', view: 'table' }),
    )
    expect(read).toEqual({
      keyword: '歌'.repeat(50),
      categoryId: '',
      sort: 'newest',
      page: 1,
      view: 'grid',
    })
    expect(readStoreQuery(new URLSearchParams({ page: '1.5' })).page).toBe(1)
    expect(readStoreQuery(new URLSearchParams({ page: '99999' })).page).toBe(1)
  })
})
