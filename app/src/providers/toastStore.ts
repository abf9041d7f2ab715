export const TOAST_KINDS = ['success', 'error', 'warning', 'info'] as const
export type ToastKind = (typeof TOAST_KINDS)[number]

export interface ToastItem {
  id: number
  kind: ToastKind
  message: string
}

export interface ToastStore {
  getSnapshot(): readonly ToastItem[]
  subscribe(listener: () => void): () => void
  show(kind: ToastKind, message: string): void
  dismiss(id: number): void
}

/** The app's list of messages on screen; the design system's toast view renders it. */
export function createToastStore(limit = 3): ToastStore {
  const listeners = new Set<() => void>()
  let items: readonly ToastItem[] = []
  let nextId = 1

  function publish(next: readonly ToastItem[]): void {
    items = next
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    show(kind, message) {
      // The same message twice in a row (e.g. two failing calls) is shown once.
      if (items.some((item) => item.message === message && item.kind === kind)) return
      publish([...items, { id: nextId++, kind, message }].slice(-limit))
    },
    dismiss(id) {
      publish(items.filter((item) => item.id !== id))
    },
  }
}
