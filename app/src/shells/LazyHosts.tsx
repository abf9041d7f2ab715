import type { LoginPresentation } from '@gy/design-system'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useActorValue, useLoadedMachines, useRuntime } from '../providers/runtime'
import { useOnceTrue } from './useOnceTrue'

// The dialogs and toasts are not needed to show a page, so their code (Radix dialog, focus
// trapping, toast viewport) stays out of the first load and arrives when first used. Nor are the
// machines: until they load, nothing is open. The snapshots are read with their own methods (the
// selectors of @gy/machines would bring xstate into the first load).
const LoginDialogHost = lazy(() =>
  import('./LoginDialogHost').then((module) => ({ default: module.LoginDialogHost })),
)
const SessionExpiryHost = lazy(() =>
  import('./SessionExpiryHost').then((module) => ({ default: module.SessionExpiryHost })),
)
const PlayerHost = lazy(() =>
  import('./PlayerHost').then((module) => ({ default: module.PlayerHost })),
)
const ToastHost = lazy(() =>
  import('./ToastHost').then((module) => ({ default: module.ToastHost })),
)

/** `sheet` on phones: the login form rises from the bottom edge. */
export function LazyLoginDialog({ presentation }: { presentation?: LoginPresentation }) {
  const loginDialog = useLoadedMachines()?.loginDialog
  // selectIsLoginOpen
  const needed = useOnceTrue(useActorValue(loginDialog, (state) => state.matches('open'), false))
  return needed ? (
    <Suspense fallback={null}>
      <LoginDialogHost {...(presentation ? { presentation } : {})} />
    </Suspense>
  ) : null
}

export function LazySessionExpiryDialog() {
  const sessionExpiry = useLoadedMachines()?.sessionExpiry
  // selectSessionPrompt(…) !== null
  const needed = useOnceTrue(
    useActorValue(sessionExpiry, (state) => state.matches('prompting'), false),
  )
  return needed ? (
    <Suspense fallback={null}>
      <SessionExpiryHost />
    </Suspense>
  ) : null
}

export function LazyToasts() {
  const { toasts } = useRuntime()
  const count = useSyncExternalStore(toasts.subscribe, () => toasts.getSnapshot().length)
  const needed = useOnceTrue(count > 0)
  return needed ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null
}

export function LazyPlayer() {
  const player = useLoadedMachines()?.player
  const needed = useOnceTrue(useActorValue(player, (state) => state.context.show, false))
  return needed ? (
    <Suspense fallback={null}>
      <PlayerHost />
    </Suspense>
  ) : null
}
