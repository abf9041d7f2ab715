import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { playerBarHeights } from './PlayerBar.css'

/** A page behind the bar, so stories show it over content as the app does. */
export const page = style({
  minHeight: '100dvh',
  padding: vars.space.xl,
  paddingBottom: `calc(${playerBarHeights.regular} + ${vars.space.xl})`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})
