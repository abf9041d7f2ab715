import { type ApiClient, type AppSettings, appSettings } from '@gy/api'
import { useEffect, useState } from 'react'
import { useRuntime } from './runtime'

// One request per page load, shared by the shells and pages that need the settings.
const loaded = new WeakMap<ApiClient, Promise<AppSettings>>()

/** The operator's settings (store links, footer notes), fetched once; a failed fetch is retried. */
export function loadAppSettings(api: ApiClient): Promise<AppSettings> {
  let pending = loaded.get(api)
  if (pending === undefined) {
    pending = appSettings(api)
    pending.catch(() => loaded.delete(api))
    loaded.set(api, pending)
  }
  return pending
}

/** The settings once they have arrived; null until then (and after a failure). */
export function useAppSettings(): AppSettings | null {
  const { api } = useRuntime()
  const [settings, setSettings] = useState<AppSettings | null>(null)
  useEffect(() => {
    let current = true
    loadAppSettings(api).then(
      (value) => current && setSettings(value),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [api])
  return settings
}
