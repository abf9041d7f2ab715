import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
})

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.heroMinHeight,
  color: vars.color.textMuted,
})

export const player = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  textAlign: 'center',
})

export const cover = style({
  width: '72vw',
  maxWidth: vars.size.containerNarrow,
  aspectRatio: '1',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  objectFit: 'cover',
  background: vars.artwork.dusk,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const artist = style({
  margin: 0,
  color: vars.color.textMuted,
})
