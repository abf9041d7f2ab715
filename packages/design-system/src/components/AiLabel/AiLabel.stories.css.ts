import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

/** Story-only layout: a cover with the label in its corner. */
export const cover = style({
  position: 'relative',
  width: vars.size.cardMinWidth,
  aspectRatio: '1',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
})

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' })

export const onCover = style({ position: 'absolute', top: vars.space.sm, left: vars.space.sm })
