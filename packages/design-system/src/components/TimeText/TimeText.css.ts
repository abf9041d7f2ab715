import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const root = style({
  display: 'inline-block',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
  letterSpacing: vars.letterSpacing.normal,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
})
