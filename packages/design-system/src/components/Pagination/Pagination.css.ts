import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, visuallyHiddenRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
})

export const total = style({
  margin: 0,
  marginRight: 'auto',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.controlSm,
  borderRadius: vars.radius.md,
  border: `${vars.borderWidth.thin} solid transparent`,
  backgroundColor: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'background-color, border-color, color',
  transitionDuration: vars.motion.durationFast,
  selectors: {
    '&:hover:not(:disabled):not([aria-current="page"])': {
      backgroundColor: vars.color.surfaceHover,
    },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', color: vars.color.textSubtle },
  },
})

export const pageButton = style([
  buttonBase,
  {
    minWidth: vars.size.controlSm,
    paddingInline: vars.space.sm,
    selectors: {
      '&[aria-current="page"]': {
        backgroundColor: vars.color.accent,
        color: vars.color.accentContrast,
        fontWeight: vars.fontWeight.semibold,
        cursor: 'default',
      },
    },
  },
])

export const stepButton = style([
  buttonBase,
  {
    paddingInline: vars.space.md,
    borderColor: vars.color.border,
    backgroundColor: vars.color.surfaceRaised,
    selectors: {
      '&:disabled': { backgroundColor: 'transparent' },
    },
  },
])

/** Phones show "3 / 12" between the arrows instead of a row of page buttons that would wrap. */
export const compactPosition = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  whiteSpace: 'nowrap',
  '@media': {
    [mediaQueries.tablet]: { display: 'none' },
  },
})

export const pageItem = style({
  display: 'none',
  '@media': {
    [mediaQueries.tablet]: { display: 'block' },
  },
})

export const visuallyHidden = style(visuallyHiddenRule)

export const gap = style({
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.controlSm,
  color: vars.color.textSubtle,
  userSelect: 'none',
  '@media': {
    [mediaQueries.tablet]: { display: 'inline-flex' },
  },
})
