import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const header = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  marginBottom: vars.space.lg,
})

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
})

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

export const subtitle = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const action = style({
  flexShrink: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

globalStyle(`${action} a`, {
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  transition: `color ${vars.motion.durationFast}`,
})

globalStyle(`${action} a:hover`, { color: vars.color.accentText })
globalStyle(`${action} a:focus-visible`, focusRing)
