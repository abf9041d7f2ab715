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

export const openAppBar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.header,
})

export const openAppPitch = style({
  flex: 1,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const brandMark = style({
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  flexShrink: 0,
})

export const browserTip = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.mask,
  background: vars.color.overlay,
  color: vars.color.textInverse,
  display: 'flex',
  justifyContent: 'flex-end',
  padding: vars.space.lg,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.body,
  textAlign: 'right',
  border: 'none',
  width: '100%',
  cursor: 'pointer',
})
