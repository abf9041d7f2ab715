import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { skeleton } from '../private/skeleton.css'
import { visuallyHiddenRule } from '../private/styleRules'

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  // A soft wash of the accent from the corner: warm, but quiet enough for a number to lead.
  background: `radial-gradient(120% 140% at 100% 0%, ${vars.color.accentSoft} 0%, ${vars.color.surfaceRaised} 60%)`,
  boxShadow: vars.shadow.sm,
  color: vars.color.text,
  '@media': {
    [mediaQueries.tablet]: {
      flexDirection: 'row',
      alignItems: 'flex-end',
      justifyContent: 'space-between',
      padding: vars.space.xxl,
    },
  },
})

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const balance = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  margin: 0,
  minWidth: 0,
})

export const amount = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  letterSpacing: vars.letterSpacing.normal,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

/**
 * Holds a non-breaking space at the balance's own font size, so the unit beside it keeps the
 * baseline of a real balance and the card does not move when the number arrives.
 */
export const amountSkeleton = style([
  skeleton,
  {
    display: 'inline-block',
    width: `calc(${vars.size.cardMinWidth} * 0.8)`,
    height: 'auto',
    fontSize: vars.fontSize.display,
    lineHeight: vars.lineHeight.tight,
  },
])

export const unit = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
})

export const rate = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const action = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  flexShrink: 0,
})

export const visuallyHidden = style(visuallyHiddenRule)
