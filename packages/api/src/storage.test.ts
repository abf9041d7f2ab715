import { describe, expect, it } from 'vitest'
import { createMemoryBackend, createTimedStorage } from './storage'

describe('createTimedStorage', () => {
  function setup() {
    let clock = 1_000_000
    const backend = createMemoryBackend()
    const storage = createTimedStorage({ backend, now: () => clock })
    return { backend, storage, advance: (ms: number) => (clock += ms) }
  }

  it('prefixes keys with the product code and version and stores the time', () => {
    const { backend, storage } = setup()
    storage.set('ACCESSTOKEN', 'token-1')
    expect(backend.getItem('gy_v1_ACCESSTOKEN')).toBe('{"value":"token-1","time":1000000}')
    expect(storage.get('ACCESSTOKEN')).toBe('token-1')
  })

  it('reads a value as missing once it is 24 hours old, and removes it', () => {
    const { backend, storage, advance } = setup()
    storage.set('USERINFO', { nickName: '小明' })
    advance(86_400_000 - 1)
    expect(storage.get('USERINFO')).toEqual({ nickName: '小明' })
    advance(1)
    expect(storage.get('USERINFO')).toBeUndefined()
    expect(backend.length).toBe(0)
  })

  it('treats damaged values as missing', () => {
    const { backend, storage } = setup()
    backend.setItem('gy_v1_USERINFO', '{not json')
    expect(storage.get('USERINFO')).toBeUndefined()
    backend.setItem('gy_v1_USERINFO', '"no time"')
    expect(storage.get('USERINFO')).toBeUndefined()
  })

  it('clears only its own keys', () => {
    const { backend, storage } = setup()
    storage.set('A', 1)
    storage.set('B', 2)
    backend.setItem('other-app', 'keep')
    storage.clear()
    expect(backend.length).toBe(1)
    expect(backend.getItem('other-app')).toBe('keep')
  })
})
