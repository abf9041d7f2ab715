import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const root = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentText,
  verticalAlign: 'middle',
  userSelect: 'none',
  boxShadow: `inset 0 0 0 ${vars.borderWidth.thin} ${vars.color.border}`,
})

export const size = styleVariants({
  sm: { width: vars.size.avatarSm, height: vars.size.avatarSm, fontSize: vars.fontSize.xs },
  md: { width: vars.size.avatarMd, height: vars.size.avatarMd, fontSize: vars.fontSize.sm },
  lg: { width: vars.size.avatarLg, height: vars.size.avatarLg, fontSize: vars.fontSize.lg },
  xl: { width: vars.size.avatarXl, height: vars.size.avatarXl, fontSize: vars.fontSize.xxl },
})

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
})

export const fallback = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
})
