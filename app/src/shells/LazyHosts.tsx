import type { LoginPresentation } from '@gy/design-system'
import { selectIsLoginOpen, selectSessionPrompt } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useRuntime } from '../providers/runtime'
import { useOnceTrue } from './useOnceTrue'

// The dialogs and toasts are not needed to show a page, so their code (Radix dialog, focus
// trapping, toast viewport) stays out of the first load and arrives when first used.
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
  const { loginDialog } = useRuntime()
  const needed = useOnceTrue(useSelector(loginDialog, selectIsLoginOpen))
  return needed ? (
    <Suspense fallback={null}>
      <LoginDialogHost {...(presentation ? { presentation } : {})} />
    </Suspense>
  ) : null
}

export function LazySessionExpiryDialog() {
  const { sessionExpiry } = useRuntime()
  const needed = useOnceTrue(useSelector(sessionExpiry, selectSessionPrompt) !== null)
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
  const { player } = useRuntime()
  const needed = useOnceTrue(useSelector(player, (snapshot) => snapshot.context.show))
  return needed ? (
    <Suspense fallback={null}>
      <PlayerHost />
    </Suspense>
  ) : null
}
