import type { ReactNode } from 'react'

/** A link a view shows without knowing the router: the app decides how to render it. */
export interface LinkItem {
  key: string
  label: string
  href: string
  /** The current page; the view highlights it. */
  active?: boolean
}

/**
 * Renders a link with the given content, e.g.
 * `(item, children) => <Link to={item.href} aria-current={item.active ? 'page' : undefined}>{children}</Link>`.
 * Views style the element around it, so the rendered link needs no class of its own.
 */
export type RenderLink = (item: LinkItem, children: ReactNode) => ReactNode
