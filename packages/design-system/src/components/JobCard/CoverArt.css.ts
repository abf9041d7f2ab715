import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const root = style({
  position: 'relative',
  display: 'block',
  overflow: 'hidden',
  aspectRatio: '1',
  backgroundColor: vars.color.surfaceSunken,
  isolation: 'isolate',
})

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
})

/** The placeholder: a calm gradient picked by the work's name, with a note in the middle. */
export const fallback = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  color: vars.color.accentContrast,
})

export const note = style({
  width: '36%',
  height: '36%',
  maxWidth: vars.size.iconXl,
  maxHeight: vars.size.iconXl,
  opacity: 0.85,
})

export const artwork = styleVariants(vars.artwork, (gradient) => ({ backgroundImage: gradient }))
