import type { AiJobResult } from '@gy/api'
import { describe, expect, it } from 'vitest'
import { cardResult, stemsOf } from './results'

function result(id: string, role: AiJobResult['role']): AiJobResult {
  return {
    id,
    name: `${id}.mp3`,
    url: `/files/${id}.mp3?sig=1`,
    cover: '',
    lyric: '',
    duration: 30,
    aiLabel: 'AI生成',
    role,
    shareId: null,
    live: false,
  }
}

describe('stemsOf', () => {
  it('lists 人声 then 伴奏 whatever order the server sends, each playing and downloading its own file', () => {
    expect(stemsOf({ results: [result('b', 'accompaniment'), result('a', 'vocals')] })).toEqual([
      { id: 'a', name: '人声', url: '/files/a.mp3?sig=1', downloadUrl: '/files/a.mp3?sig=1' },
      { id: 'b', name: '伴奏', url: '/files/b.mp3?sig=1', downloadUrl: '/files/b.mp3?sig=1' },
    ])
  })

  it('leaves out what is not a stem, and a stem that is missing', () => {
    expect(stemsOf({ results: [result('s', 'song'), result('b', 'accompaniment')] })).toEqual([
      { id: 'b', name: '伴奏', url: '/files/b.mp3?sig=1', downloadUrl: '/files/b.mp3?sig=1' },
    ])
    expect(stemsOf({ results: [] })).toEqual([])
  })
})

describe('cardResult', () => {
  it('downloads a result from its own address and keeps its share', () => {
    expect(cardResult({ ...result('s', 'song'), shareId: 'sh' })).toEqual({
      id: 's',
      name: 's.mp3',
      cover: '',
      duration: 30,
      downloadUrl: '/files/s.mp3?sig=1',
      shareId: 'sh',
      live: false,
    })
  })

  it('tells a song that still renders, so the card offers no download or share yet', () => {
    expect(cardResult({ ...result('s', 'song'), live: true }).live).toBe(true)
  })

  it('says which stem a result is, unless its name already does', () => {
    expect(cardResult(result('v', 'vocals')).roleLabel).toBe('人声')
    expect(cardResult({ ...result('a', 'accompaniment'), name: '伴奏' }).roleLabel).toBeUndefined()
    expect(cardResult(result('c', 'cover')).roleLabel).toBeUndefined()
  })
})
