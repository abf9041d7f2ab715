import type { AiJobResult } from '@gy/api'
import { describe, expect, it } from 'vitest'
import { canKeep, depositHref } from './keep'

function result(role: AiJobResult['role'], live = false): AiJobResult {
  return {
    id: 'r1',
    name: '晚霞',
    url: '/files/r1.mp3',
    cover: '',
    lyric: '',
    duration: 30,
    aiLabel: 'AI生成',
    role,
    shareId: null,
    live,
  }
}

describe('depositing a generated work', () => {
  it('offers finished songs and covers only', () => {
    const done = { state: 'succeeded' } as const
    expect(canKeep(done, result('song'))).toBe(true)
    expect(canKeep(done, result('cover'))).toBe(true)
    expect(canKeep(done, result('vocals'))).toBe(false)
    expect(canKeep(done, result('accompaniment'))).toBe(false)
    // A song still rendering, or heard while its job runs, is not finished.
    expect(canKeep(done, result('song', true))).toBe(false)
    expect(canKeep({ state: 'running' }, result('song'))).toBe(false)
    expect(canKeep({ state: 'failed' }, result('song'))).toBe(false)
  })

  it('names the result in the deposit page’s address', () => {
    const href = depositHref('6f1c2d3e-0000-4000-8000-000000000001', 'a&b')
    expect(href).toBe(
      '/musiciansZone/copyrightDeposit?aiJobId=6f1c2d3e-0000-4000-8000-000000000001&aiResultId=a%26b',
    )
    const params = new URL(href, 'http://localhost').searchParams
    expect(params.get('aiResultId')).toBe('a&b')
  })
})
