import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

/** Story-only layout: the width a job card gets in the creation history. */
export const frame = style({
  width: '100%',
  maxWidth: vars.size.containerNarrow,
})
