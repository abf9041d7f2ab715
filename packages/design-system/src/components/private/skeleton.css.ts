import { keyframes, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

const pulse = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.45 },
  '100%': { opacity: 1 },
})

/**
 * A placeholder block for content that is loading. Sized by its user (width and height); the
 * default height is one line of the surrounding text.
 */
export const skeleton = style({
  display: 'block',
  height: '1em',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceHover,
  animation: `${pulse} calc(${vars.motion.durationSpin} * 2) ${vars.motion.easeInOut} infinite`,
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none' },
  },
})
