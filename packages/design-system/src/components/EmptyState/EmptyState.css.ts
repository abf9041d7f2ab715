import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxxl} ${vars.space.lg}`,
  textAlign: 'center',
})

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: `calc(${vars.size.iconXl} + 2 * ${vars.space.lg})`,
  height: `calc(${vars.size.iconXl} + 2 * ${vars.space.lg})`,
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.size.iconXl,
})

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

export const hint = style({
  maxWidth: vars.size.fieldMaxWidth,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const action = style({
  marginTop: vars.space.sm,
})
