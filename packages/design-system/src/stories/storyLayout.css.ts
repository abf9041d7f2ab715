import { style } from '@vanilla-extract/css'
import { vars } from '../themes/vars.css'

/** Layout helpers for stories only, so stories use the same tokens as the components. */
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xl,
})

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
})

export const narrow = style({
  width: '100%',
  maxWidth: vars.size.fieldMaxWidth,
})

export const cardColumn = style({
  width: vars.size.cardMinWidth,
})

export const contactImage = style({
  width: '100%',
  height: '100%',
  background: vars.artwork.sand,
})
