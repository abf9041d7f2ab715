import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const card = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  transition: `box-shadow ${vars.motion.durationBase} ${vars.motion.easeOut}, transform ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  ':hover': { boxShadow: vars.shadow.md, transform: `translateY(calc(-1 * ${vars.space.xxs}))` },
})

// A soft tile of the accent with the glyph in the accent: one accent, calm.
export const mark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.iconXl,
  height: vars.size.iconXl,
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accent,
})

export const glyph = style({
  width: vars.size.iconLg,
  height: vars.size.iconLg,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const description = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.body,
})
