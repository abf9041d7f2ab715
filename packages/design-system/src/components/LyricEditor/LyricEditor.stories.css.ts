import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

/** Story-only layout: the width the editor gets in the creation form. */
export const frame = style({
  width: '100%',
  maxWidth: vars.size.containerNarrow,
})
