import { vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
})

export const loading = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: vars.size.heroMinHeight,
})

export const payRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  flexWrap: 'wrap',
})

export const methodRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
})

export const methodLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const checkoutArea = style({
  display: 'grid',
  // Clear of the sticky header when scrolled into view.
  scrollMarginTop: vars.size.headerHeight,
  borderRadius: vars.radius.lg,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.focus,
    },
  },
})

export const qrCheckout = style({
  width: '100%',
  maxWidth: vars.size.fieldMaxWidth,
  justifySelf: 'center',
})

export const agreement = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

globalStyle(`${agreement} a`, {
  color: vars.color.accentText,
  textDecoration: 'none',
})
