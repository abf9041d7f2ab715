import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
})

export const lyric = style({
  whiteSpace: 'pre-line',
  fontSize: vars.fontSize.md,
  lineHeight: '2',
  color: vars.color.text,
})

export const loginBody = style([
  body,
  { padding: vars.space.xxl, minHeight: vars.size.heroMinHeight },
])
