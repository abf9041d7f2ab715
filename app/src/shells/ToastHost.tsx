import { ToastList } from '@gy/design-system'
import { useSyncExternalStore } from 'react'
import { useRuntime } from '../providers/runtime'

export function ToastHost() {
  const { toasts } = useRuntime()
  const items = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot)
  return <ToastList toasts={items} onDismiss={toasts.dismiss} />
}
