import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

const spin = keyframes({
  to: { transform: 'rotate(360deg)' },
})

export const root = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderRightColor: 'transparent',
  opacity: 0.85,
  animation: `${spin} ${vars.motion.durationSpin} linear infinite`,
  '@media': {
    // A spinner that stops would look frozen; turning slowly still says "busy" without the motion.
    [mediaQueries.reducedMotion]: {
      animationDuration: `calc(${vars.motion.durationSpin} * 3)`,
    },
  },
})

export const size = styleVariants({
  sm: {
    width: vars.size.spinnerSm,
    height: vars.size.spinnerSm,
    borderWidth: vars.borderWidth.focus,
  },
  md: {
    width: vars.size.spinnerMd,
    height: vars.size.spinnerMd,
    borderWidth: vars.borderWidth.focus,
  },
  lg: { width: vars.size.spinnerLg, height: vars.size.spinnerLg, borderWidth: vars.space.xs },
})

export const tone = styleVariants({
  current: {},
  accent: { color: vars.color.accent },
  muted: { color: vars.color.textMuted },
})
