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

export const agreement = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

globalStyle(`${agreement} a`, {
  color: vars.color.accentText,
  textDecoration: 'none',
})
