import { PRODUCT_NAME } from '@gy/api'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { findRoute } from '../routes/routeTable'
import { STRINGS } from '../strings'
import { useRuntime } from '../providers/runtime'

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
    const route = findRoute(pathname)
    document.title = route ? `${PRODUCT_NAME}${STRINGS.titleSeparator}${route.title}` : PRODUCT_NAME
  }, [pathname, session])
}
