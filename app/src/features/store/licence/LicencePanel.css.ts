import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  '@media': { [mediaQueries.tablet]: { padding: vars.space.xl } },
})

export const centred = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: vars.size.dialogLogin,
})

export const payRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const methodRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const success = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
})

export const successTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.success,
})

export const successHint = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})
