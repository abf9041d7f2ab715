import type { InspectionEvent } from 'xstate'

/**
 * The development switch for a state inspector: with `VITE_XSTATE_INSPECT=1 npm run dev`, every
 * machine of the running app reports to @statelyai/inspect, which opens the Stately inspector in a
 * new tab. `import.meta.env.DEV` is false in production builds, so Vite drops the branch and the
 * inspector's chunk with it (scripts/visual/inspector.test.ts checks the built files).
 */
function createDevInspect(): ((event: InspectionEvent) => void) | undefined {
  if (!import.meta.env.DEV || import.meta.env.VITE_XSTATE_INSPECT !== '1') return undefined
  // Machines start before the inspector's module arrives; their first events wait for it.
  const waiting: InspectionEvent[] = []
  let forward: ((event: InspectionEvent) => void) | null = null
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector()
    forward = (event) => inspector.inspect.next?.(event)
    for (const event of waiting.splice(0)) forward(event)
  })
  return (event) => {
    if (forward) forward(event)
    else waiting.push(event)
  }
}

export const devInspect = createDevInspect()
