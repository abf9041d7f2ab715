import { createMemoryBackend, createTimedStorage } from '@gy/api'
import { describe, expect, it } from 'vitest'
import { createSessionStore } from './sessionStore'

const userInfo = {
  userId: '1',
  nickName: 'GY用户8000',
  headerUrl: '',
  mobile: '86:138****8000',
  createdAt: '2026-11-22T00:00:00.000Z',
}

describe('session store', () => {
  function setup() {
    let clock = 0
    const backend = createMemoryBackend()
    const storage = createTimedStorage({ backend, now: () => clock })
    return { backend, storage, advance: (ms: number) => (clock += ms) }
  }

  it('logs in, restores from storage, and logs out clearing everything of the product', () => {
    const { backend, storage } = setup()
    const store = createSessionStore(storage)
    expect(store.getSnapshot()).toEqual({ isLogin: false, userInfo: null })
    store.logIn({ accessToken: 'token', userInfo })
    expect(store.getToken()).toBe('token')

    const reopened = createSessionStore(storage)
    expect(reopened.getSnapshot()).toEqual({ isLogin: true, userInfo })

    backend.setItem('unrelated', 'x')
    reopened.logOut()
    expect(reopened.getSnapshot().isLogin).toBe(false)
    expect(reopened.getToken()).toBeUndefined()
    expect(backend.length).toBe(1)
  })

  it('ends the logged-in state once the stored user info is 24 hours old', () => {
    const { storage, advance } = setup()
    const store = createSessionStore(storage)
    store.logIn({ accessToken: 'token', userInfo })
    let notified = 0
    store.subscribe(() => (notified += 1))
    store.restore()
    expect(notified).toBe(0)
    advance(86_400_000)
    store.restore()
    expect(store.getSnapshot().isLogin).toBe(false)
    expect(notified).toBe(1)
  })
})
