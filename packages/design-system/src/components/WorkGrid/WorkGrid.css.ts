import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

export const grid = style({
  display: 'grid',
  // Two columns on phones, then as many as fit: covers stay large instead of shrinking to stamps.
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.xl} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [mediaQueries.tablet]: {
      gridTemplateColumns: `repeat(auto-fill, minmax(${vars.size.cardMinWidth}, 1fr))`,
      gap: `${vars.space.xl} ${vars.space.lg}`,
    },
  },
})
