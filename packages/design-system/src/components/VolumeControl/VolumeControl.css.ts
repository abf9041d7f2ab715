import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
})

export const muteButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.size.iconMd,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.durationFast}, color ${vars.motion.durationFast}`,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.48 },
  },
})

export const slider = style({
  width: `calc(2 * ${vars.size.controlLg})`,
  flexShrink: 0,
})
