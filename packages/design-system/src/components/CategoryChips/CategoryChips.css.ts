import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const root = style({
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  paddingBlock: vars.space.xxs,
  scrollbarWidth: 'none',
  '@media': {
    [mediaQueries.tablet]: { flexWrap: 'wrap', overflowX: 'visible' },
  },
})

export const chip = style({
  flexShrink: 0,
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'background-color, color, border-color',
  transitionDuration: vars.motion.durationFast,
  transitionTimingFunction: vars.motion.easeOut,
  selectors: {
    '&:hover:not([data-state="on"])': {
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
    },
    '&[data-state="on"]': {
      backgroundColor: vars.color.accent,
      borderColor: vars.color.accent,
      color: vars.color.accentContrast,
    },
    '&:focus-visible': focusRing,
  },
})
