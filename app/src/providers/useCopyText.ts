import { MESSAGES } from '@gy/api'
import { useRuntime } from './runtime'

/** Puts text on the clipboard and says how it went: 复制成功, or 复制失败!请手动复制 (SPEC.md section 8). */
export function useCopyText(): (text: string) => Promise<boolean> {
  const { toasts } = useRuntime()
  return async (text) => {
    try {
      // Undefined outside secure contexts (plain http on a phone's LAN address): that is a failure too.
      if (!navigator.clipboard) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(text)
      toasts.show('success', MESSAGES.copySucceeded)
      return true
    } catch {
      toasts.show('error', MESSAGES.copyFailed)
      return false
    }
  }
}
