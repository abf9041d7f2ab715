import { mediaQueries, playerBarHeights, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

// The fixed player bar would cover the end of the page; the shell makes room for it.
const roomForPlayer = {
  selectors: { '&[data-player="open"]': { paddingBottom: playerBarHeights.compact } },
  '@media': {
    [mediaQueries.tablet]: {
      selectors: { '&[data-player="open"]': { paddingBottom: playerBarHeights.regular } },
    },
  },
}

export const desktopShell = style({
  ...roomForPlayer,
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
})

export const main = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
})

export const pageFallback = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  minHeight: vars.size.heroMinHeight,
})

export const mobileShell = style({
  ...roomForPlayer,
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
})
