import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { visuallyHiddenRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
})

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

export const control = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.motion.durationFast,
  cursor: 'text',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:focus-within': {
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 ${vars.borderWidth.focus} ${vars.color.accentSoft}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-invalid]:focus-within': {
      boxShadow: `0 0 0 ${vars.borderWidth.focus} ${vars.color.dangerSoft}`,
    },
    '&[data-disabled]': {
      cursor: 'not-allowed',
      backgroundColor: vars.color.surfaceSunken,
      opacity: 0.7,
    },
  },
})

export const controlSize = styleVariants({
  md: {
    minHeight: vars.size.controlMd,
    paddingLeft: vars.space.md,
    paddingRight: vars.space.xs,
    fontSize: vars.fontSize.sm,
  },
  lg: {
    minHeight: vars.size.controlLg,
    paddingLeft: vars.space.lg,
    paddingRight: vars.space.xs,
    fontSize: vars.fontSize.md,
  },
})

export const input = style({
  flex: 1,
  minWidth: 0,
  alignSelf: 'stretch',
  padding: 0,
  border: 0,
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: 'inherit',
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&::placeholder': { color: vars.color.textSubtle, opacity: 1 },
    '&:disabled': { cursor: 'not-allowed' },
  },
})

export const prefix = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  paddingRight: vars.space.sm,
  borderRight: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
})

export const suffix = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  paddingRight: vars.space.sm,
  color: vars.color.textMuted,
})

export const message = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
})

export const errorMessage = style([message, { color: vars.color.danger }])

export const visuallyHidden = style(visuallyHiddenRule)
