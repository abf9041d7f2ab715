import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.headerHeight,
  padding: `${vars.space.xs} ${vars.space.md}`,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.header,
})

export const mark = style({
  flexShrink: 0,
  fontSize: vars.size.iconLg,
  color: vars.color.accent,
})

export const copy = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
})

export const name = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const pitch = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
