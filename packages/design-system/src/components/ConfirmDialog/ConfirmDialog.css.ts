import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const message = style({
  fontSize: vars.fontSize.md,
  color: vars.color.text,
})

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.md,
})
