import { ToastList } from '@gy/design-system'
import { useSyncExternalStore } from 'react'
import { useRuntime } from '../providers/runtime'

/** `duration` is for the state-chart stories, whose screenshots must not race the auto-dismiss. */
export function ToastHost({ duration }: { duration?: number }) {
  const { toasts } = useRuntime()
  const items = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot)
  return <ToastList toasts={items} onDismiss={toasts.dismiss} duration={duration} />
}
