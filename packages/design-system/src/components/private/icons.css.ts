import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const logoGroove = style({
  fill: 'none',
  stroke: vars.color.accentContrast,
  strokeOpacity: 0.9,
})

export const logoGrooveFaint = style({
  fill: 'none',
  stroke: vars.color.accentContrast,
  strokeOpacity: 0.45,
})

export const logoPlay = style({
  fill: vars.color.accentContrast,
})
