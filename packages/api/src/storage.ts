import { PRODUCT_CODE, STORAGE_TTL_MS } from './constants'

/** The part of the Web Storage API the helper needs, so tests can pass a plain map. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  key(index: number): string | null
  readonly length: number
}

export interface StorageOptions {
  backend: StorageBackend
  productCode?: string
  version?: string
  ttlMs?: number
  now?: () => number
}

interface StoredValue<Value> {
  value: Value
  time: number
}

export interface TimedStorage {
  get<Value>(key: string): Value | undefined
  set<Value>(key: string, value: Value): void
  remove(key: string): void
  /** Removes every key of this product and version, and nothing else. */
  clear(): void
}

/**
 * Local storage whose keys carry the product code and a version, and whose values are stored
 * with their time and read back as missing once older than the time to live (24 h by default).
 */
export function createTimedStorage(options: StorageOptions): TimedStorage {
  const {
    backend,
    productCode = PRODUCT_CODE,
    version = 'v1',
    ttlMs = STORAGE_TTL_MS,
    now = Date.now,
  } = options
  const prefix = `${productCode}_${version}_`

  function remove(key: string): void {
    backend.removeItem(prefix + key)
  }

  return {
    get<Value>(key: string): Value | undefined {
      const text = backend.getItem(prefix + key)
      if (text === null) return undefined
      try {
        const stored = JSON.parse(text) as StoredValue<Value>
        if (typeof stored?.time !== 'number' || now() - stored.time >= ttlMs) {
          remove(key)
          return undefined
        }
        return stored.value
      } catch {
        // Someone else's or a damaged value: treat it as missing rather than crash the page.
        remove(key)
        return undefined
      }
    },
    set<Value>(key: string, value: Value): void {
      const stored: StoredValue<Value> = { value, time: now() }
      backend.setItem(prefix + key, JSON.stringify(stored))
    },
    remove,
    clear(): void {
      const ours: string[] = []
      for (let index = 0; index < backend.length; index += 1) {
        const key = backend.key(index)
        if (key?.startsWith(prefix)) ours.push(key)
      }
      for (const key of ours) backend.removeItem(key)
    },
  }
}

/** An in-memory backend, for tests and for browsers that refuse local storage. */
export function createMemoryBackend(): StorageBackend {
  const entries = new Map<string, string>()
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
    key: (index) => [...entries.keys()][index] ?? null,
    get length() {
      return entries.size
    },
  }
}
