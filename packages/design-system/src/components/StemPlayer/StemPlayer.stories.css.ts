import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

/** Story-only layout: the width the player gets on the separation page. */
export const frame = style({
  width: '100%',
  maxWidth: vars.size.containerNarrow,
})
