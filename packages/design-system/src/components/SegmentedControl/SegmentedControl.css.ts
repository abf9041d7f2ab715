import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const root = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  gap: vars.space.xxs,
  maxWidth: '100%',
  padding: vars.space.xxs,
  overflowX: 'auto',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceSunken,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minHeight: `calc(${vars.size.controlSm} - 2 * ${vars.space.xxs})`,
  paddingInline: vars.space.lg,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'background-color, color, box-shadow',
  transitionDuration: vars.motion.durationFast,
  transitionTimingFunction: vars.motion.easeOut,
  selectors: {
    '&:hover:not(:disabled):not([data-state="on"])': { color: vars.color.text },
    '&[data-state="on"]': {
      backgroundColor: vars.color.surfaceRaised,
      color: vars.color.text,
      fontWeight: vars.fontWeight.semibold,
      boxShadow: vars.shadow.sm,
    },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.56 },
  },
})
