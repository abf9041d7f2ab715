import { PRODUCT_NAME } from '@gy/api'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { findRoute, NOT_FOUND_ROUTE } from '../routes/routeTable'
import { STRINGS } from '../strings'
import { useActorValue, useLoadedMachines, useRuntime } from '../providers/runtime'

/**
 * What every navigation does (SPEC.md section 2): the stored user info restores (or ends) the
 * logged-in state, the page scrolls to the top and the title becomes the product name plus the
 * route title.
 */
export function useRouteEffects(): void {
  const { pathname } = useLocation()
  const { session } = useRuntime()

  useEffect(() => {
    session.restore()
    window.scrollTo({ top: 0, left: 0 })
    // An unknown mobile path shows the mobile shell's 404 in place, so it is titled as the 404.
    const route = findRoute(pathname) ?? (pathname.startsWith('/m/') ? NOT_FOUND_ROUTE : undefined)
    document.title = route ? `${PRODUCT_NAME}${STRINGS.titleSeparator}${route.title}` : PRODUCT_NAME
  }, [pathname, session])
}

/** Whether the player bar is on screen, so the shell can keep the page clear of it. */
export function usePlayerBarOpen(): boolean {
  const player = useLoadedMachines()?.player
  return useActorValue(player, (state) => state.context.show && state.context.open, false)
}
