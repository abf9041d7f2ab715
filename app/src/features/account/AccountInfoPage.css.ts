import { vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: vars.size.heroMinHeight,
  color: vars.color.textMuted,
})

export const card = style({
  display: 'grid',
  gap: vars.space.xl,
  maxWidth: vars.size.containerNarrow,
  padding: vars.space.xl,
  marginBottom: vars.space.xxl,
  borderRadius: vars.radius.xl,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
})

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space.xl,
  rowGap: vars.space.sm,
  margin: 0,
  color: vars.color.text,
})

globalStyle(`${facts} dt`, { color: vars.color.textMuted })
globalStyle(`${facts} dd`, { margin: 0 })

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  maxWidth: vars.size.fieldMaxWidth,
})
