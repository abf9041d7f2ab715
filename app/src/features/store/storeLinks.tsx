import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The public verification page is served outside this app: a full page load reaches it. */
const SEPARATE_PAGES = /^\/verify(\?|$)/

/** How the store's components draw a link: through the router, except to separate pages. */
export function storeLink(item: { href: string }, children: ReactNode) {
  if (SEPARATE_PAGES.test(item.href) || /^https?:/.test(item.href)) {
    return <a href={item.href}>{children}</a>
  }
  return <Link to={item.href}>{children}</Link>
}

/** The shell a path belongs to: the mobile pages live under /m/. */
export function shellPrefix(pathname: string): '' | '/m' {
  return pathname.startsWith('/m/') ? '/m' : ''
}

/** A work's page in the shell of `prefix`. */
export function workPagePath(prefix: '' | '/m', goodsId: string): string {
  return `${prefix}/copyrightedMusic/details?goodsId=${encodeURIComponent(goodsId)}`
}

/** A banner's link in the mobile shell: store pages have a mobile twin, the others stay. */
export function bannerHref(prefix: '' | '/m', link: string): string {
  if (prefix === '/m' && link.startsWith('/copyrightedMusic')) return `/m${link}`
  return link
}
