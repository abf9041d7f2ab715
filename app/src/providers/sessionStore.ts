import {
  ACCESS_TOKEN_KEY,
  type LoginData,
  type TimedStorage,
  USER_INFO_KEY,
  type UserInfo,
} from '@gy/api'

/** The client user state of the spec (section 3) that pages read. */
export interface SessionState {
  isLogin: boolean
  userInfo: UserInfo | null
}

export interface SessionStore {
  getSnapshot(): SessionState
  subscribe(listener: () => void): () => void
  getToken(): string | undefined
  /** Re-reads storage: the stored user info restores (or, once expired, ends) the logged-in state. */
  restore(): void
  logIn(data: LoginData): void
  updateUser(userInfo: UserInfo): void
  /** Clears the user, the token and every stored value of the product. */
  logOut(): void
}

export function createSessionStore(storage: TimedStorage): SessionStore {
  const listeners = new Set<() => void>()
  let state = readState()

  function readState(): SessionState {
    const userInfo = storage.get<UserInfo>(USER_INFO_KEY) ?? null
    const token = storage.get<string>(ACCESS_TOKEN_KEY)
    return userInfo && token ? { isLogin: true, userInfo } : { isLogin: false, userInfo: null }
  }

  function publish(next: SessionState): void {
    if (next.isLogin === state.isLogin && next.userInfo === state.userInfo) return
    state = next
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getToken: () => storage.get<string>(ACCESS_TOKEN_KEY),
    restore() {
      const next = readState()
      // Keep the same object when nothing changed so subscribers do not re-render.
      const same =
        next.isLogin === state.isLogin &&
        next.userInfo?.userId === state.userInfo?.userId &&
        next.userInfo?.nickName === state.userInfo?.nickName &&
        next.userInfo?.headerUrl === state.userInfo?.headerUrl
      if (!same) publish(next)
    },
    logIn(data) {
      storage.set(ACCESS_TOKEN_KEY, data.accessToken)
      storage.set(USER_INFO_KEY, data.userInfo)
      publish({ isLogin: true, userInfo: data.userInfo })
    },
    updateUser(userInfo) {
      storage.set(USER_INFO_KEY, userInfo)
      publish({ isLogin: true, userInfo })
    },
    logOut() {
      storage.clear()
      publish({ isLogin: false, userInfo: null })
    },
  }
}
