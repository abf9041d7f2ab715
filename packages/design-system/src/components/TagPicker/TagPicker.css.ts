import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
})

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

export const count = style({
  fontSize: vars.fontSize.xs,
  fontFamily: vars.font.numeric,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  selectors: {
    '&[data-full]': { color: vars.color.accentText },
  },
})

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  transitionProperty: 'background-color, border-color, color',
  transitionDuration: vars.motion.durationFast,
  transitionTimingFunction: vars.motion.easeOut,
  selectors: {
    '&:hover:not([aria-disabled="true"]):not(:disabled)': { borderColor: vars.color.borderStrong },
    '&[data-state="on"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      color: vars.color.accentText,
    },
    '&[data-state="on"]:hover': { borderColor: vars.color.accentHover },
    '&:focus-visible': focusRing,
    '&[aria-disabled="true"], &:disabled': { cursor: 'not-allowed', opacity: 0.48 },
  },
})

export const hint = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})
