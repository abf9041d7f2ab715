import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** How design-system views render a link: through the router, so navigation stays in the app. */
/** Pages the server serves outside this app (their own bundles): a full page load reaches them. */
const SEPARATE_PAGES = new Set(['/verify'])

export function renderLink(item: { href: string }, children: ReactNode) {
  if (SEPARATE_PAGES.has(item.href)) return <a href={item.href}>{children}</a>
  return <Link to={item.href}>{children}</Link>
}
