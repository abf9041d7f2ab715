import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** How design-system views render a link: through the router, so navigation stays in the app. */
export function renderLink(item: { href: string }, children: ReactNode) {
  return <Link to={item.href}>{children}</Link>
}
