import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing, quietIconButtonHover, quietIconButtonRule } from '../private/styleRules'

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
})

export const muteButton = style({
  ...quietIconButtonRule,
  selectors: {
    '&:hover:not(:disabled)': quietIconButtonHover,
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.48 },
  },
})

export const slider = style({
  width: `calc(2 * ${vars.size.controlLg})`,
  flexShrink: 0,
})
