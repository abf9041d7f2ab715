import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const picker = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  border: 0,
})

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
})

export const cards = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

/** The radio itself: hidden, its card shows the state; it keeps focus and the arrow keys. */
export const radio = style({
  position: 'absolute',
  opacity: 0,
  width: '1px',
  height: '1px',
  margin: 0,
})

export const card = style({
  position: 'relative',
  display: 'grid',
  // Cards of a row share its height; their content stays at the top.
  alignContent: 'start',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  cursor: 'pointer',
  transitionProperty: 'border-color, background-color, box-shadow',
  transitionDuration: vars.motion.durationFast,
  transitionTimingFunction: vars.motion.easeOut,
  selectors: {
    '&[data-state="checked"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      boxShadow: `inset 0 0 0 ${vars.borderWidth.thin} ${vars.color.accent}`,
    },
    '&:hover:not([data-disabled]):not([data-state="checked"])': {
      borderColor: vars.color.borderStrong,
      boxShadow: vars.shadow.sm,
    },
    '&:has(input:focus-visible)': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.focus,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.56 },
  },
})

export const cardTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const name = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
})

export const price = style({
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
})

export const summary = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const owned = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.successSoft,
  color: vars.color.success,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
})

/** A radio dot: a ring when free, an accent dot when chosen. */
export const indicator = style({
  flexShrink: 0,
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  marginLeft: 'auto',
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.focus} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceRaised,
  selectors: {
    '[data-state="checked"] &': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accent,
      boxShadow: `inset 0 0 0 ${vars.borderWidth.focus} ${vars.color.accentContrast}`,
    },
  },
})

export const terms = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceSunken,
})

export const termsTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const termList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})
