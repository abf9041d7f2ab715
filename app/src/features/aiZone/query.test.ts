import { describe, expect, it } from 'vitest'
import {
  chooseMusicHref,
  coverModeHref,
  coverSettingsFrom,
  coverSourceFrom,
  idFrom,
  jobIdFrom,
  shareHref,
  SOURCE_NAME_MAX,
  sourceBody,
  withJobId,
} from './query'

const JOB = '0b6f3c2e-5d1a-4c7e-9f00-1a2b3c4d5e6f'
const WORK = 'A1B2C3D4-0000-4000-8000-00000000000A'

describe('the job in the address', () => {
  it('reads a well-formed job id, lowercased, and nothing else', () => {
    expect(jobIdFrom(new URLSearchParams(`jobId=${JOB}`))).toBe(JOB)
    expect(idFrom(` ${WORK} `)).toBe(WORK.toLowerCase())
    expect(jobIdFrom(new URLSearchParams('jobId=42'))).toBeNull()
    expect(jobIdFrom(new URLSearchParams(`jobId=${JOB}x`))).toBeNull()
    expect(jobIdFrom(new URLSearchParams(''))).toBeNull()
  })

  it('sets and removes the job id, keeping the other parameters', () => {
    const params = new URLSearchParams('goodsId=x&name=歌')
    const set = withJobId(params, JOB)
    expect(set.get('jobId')).toBe(JOB)
    expect(set.get('name')).toBe('歌')
    expect(params.has('jobId')).toBe(false)
    expect(withJobId(set, null).toString()).toBe(params.toString())
  })
})

describe('the song chosen for a cover', () => {
  it('round-trips a store work and an upload through the address, names with & and spaces intact', () => {
    for (const source of [
      { kind: 'goods', goodsId: WORK.toLowerCase(), name: '晴天 & 雨天 (Live)' },
      { kind: 'file', fileId: JOB, name: 'my song.mp3' },
    ] as const) {
      const href = coverModeHref(source)
      expect(href.startsWith('/aiCreationCenter/coverMode?')).toBe(true)
      const params = new URLSearchParams(href.slice(href.indexOf('?')))
      expect(coverSourceFrom(params)).toEqual(source)
    }
  })

  it('prefers the store work when both ids are given, and ignores ids that are not well formed', () => {
    expect(coverSourceFrom(new URLSearchParams(`goodsId=${WORK}&fileId=${JOB}&name=a`))).toEqual({
      kind: 'goods',
      goodsId: WORK.toLowerCase(),
      name: 'a',
    })
    expect(coverSourceFrom(new URLSearchParams(`goodsId=nope&fileId=${JOB}`))).toEqual({
      kind: 'file',
      fileId: JOB,
      name: '',
    })
    expect(coverSourceFrom(new URLSearchParams('goodsId=nope&name=a'))).toBeNull()
  })

  it('cuts a very long name from the address', () => {
    const params = new URLSearchParams({ fileId: JOB, name: '歌'.repeat(500) })
    expect(coverSourceFrom(params)?.name).toHaveLength(SOURCE_NAME_MAX)
  })

  it('sends exactly one id to the server', () => {
    expect(sourceBody({ kind: 'goods', goodsId: WORK, name: '' })).toEqual({ goodsId: WORK })
    expect(sourceBody({ kind: 'file', fileId: JOB, name: '' })).toEqual({ fileId: JOB })
  })

  it('carries the singer and sliders to the chooser and back, and nothing else', () => {
    const cover = new URLSearchParams(`singerId=s1&semitones=-3&vocalGainDb=2&jobId=${JOB}&x=1`)
    const settings = coverSettingsFrom(cover)
    expect(settings).toEqual({ singerId: 's1', semitones: '-3', vocalGainDb: '2' })
    const chooser = chooseMusicHref(settings)
    expect(chooser).toBe('/aiCreationCenter/chooseMusic?singerId=s1&semitones=-3&vocalGainDb=2')
    expect(chooseMusicHref()).toBe('/aiCreationCenter/chooseMusic')
    const back = coverModeHref(
      { kind: 'file', fileId: JOB, name: 'a' },
      coverSettingsFrom(new URLSearchParams(chooser.split('?')[1])),
    )
    const params = new URLSearchParams(back.split('?')[1])
    expect(params.get('fileId')).toBe(JOB)
    expect(params.get('singerId')).toBe('s1')
    expect(params.get('semitones')).toBe('-3')
    expect(params.has('jobId')).toBe(false)
  })
})

describe('share links', () => {
  it('points at the share page of either shell', () => {
    expect(shareHref('a b')).toBe('/aiShare?shareId=a%20b')
    expect(shareHref(JOB, true)).toBe(`/m/aiShare?shareId=${JOB}`)
  })
})
