import type { RenderLink } from '../links'

/** Stories render links as hash links, so clicking one never leaves Storybook. */
export const storyRenderLink: RenderLink = (item, children) => (
  <a href={`#${item.href}`} aria-current={item.active ? 'page' : undefined}>
    {children}
  </a>
)
