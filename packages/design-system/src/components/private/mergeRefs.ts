import type { Ref, RefCallback } from 'react'

/** Points several refs at one element: the caller's `ref` prop and the component's own. */
export function mergeRefs<Element>(
  ...refs: ReadonlyArray<Ref<Element> | undefined>
): RefCallback<Element> {
  return (element) => {
    const cleanups: Array<() => void> = []
    for (const ref of refs) {
      if (typeof ref === 'function') {
        const cleanup = ref(element)
        cleanups.push(typeof cleanup === 'function' ? cleanup : () => ref(null))
      } else if (ref) {
        ref.current = element
        cleanups.push(() => {
          ref.current = null
        })
      }
    }
    return () => {
      for (const cleanup of cleanups) cleanup()
    }
  }
}
