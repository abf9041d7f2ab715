import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const root = style({ display: 'grid', gap: vars.space.sm })

export const title = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const hint = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const list = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'proof',
})

export const hash = style({
  display: 'grid',
  gridTemplateColumns: `${vars.space.xl} 1fr`,
  alignItems: 'baseline',
  gap: vars.space.sm,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceSunken,
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.xs,
  color: vars.color.text,
  wordBreak: 'break-all',
})

export const position = style({ color: vars.color.textSubtle })
