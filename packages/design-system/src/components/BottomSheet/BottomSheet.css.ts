import { keyframes, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, quietIconButtonHover, quietIconButtonRule } from '../private/styleRules'

const slideUp = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'none' } })
const slideDown = keyframes({ from: { transform: 'none' }, to: { transform: 'translateY(100%)' } })
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.dialog,
  backgroundColor: vars.color.overlay,
  selectors: {
    '&[data-state="open"]': {
      animation: `${fadeIn} ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    },
  },
  '@media': { [mediaQueries.reducedMotion]: { animation: 'none !important' } },
})

/** Anchored to the bottom edge, the width of the screen, under the thumb. */
export const content = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: vars.zIndex.dialog,
  display: 'flex',
  flexDirection: 'column',
  maxHeight: `calc(100dvh - ${vars.space.xxl})`,
  overflow: 'auto',
  padding: `${vars.space.sm} ${vars.space.lg} calc(${vars.space.lg} + env(safe-area-inset-bottom))`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderTopLeftRadius: vars.radius.xl,
  borderTopRightRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  selectors: {
    '&:focus-visible': focusRing,
    '&[data-state="open"]': {
      animation: `${slideUp} ${vars.motion.durationSlow} ${vars.motion.easeOut}`,
    },
    '&[data-state="closed"]': {
      animation: `${slideDown} ${vars.motion.durationFast} ${vars.motion.easeInOut}`,
    },
  },
  '@media': { [mediaQueries.reducedMotion]: { animation: 'none !important' } },
})

/** The grab handle: tells the eye this surface came up from below. */
export const handle = style({
  alignSelf: 'center',
  width: vars.space.xxl,
  height: vars.space.xxs,
  marginBottom: vars.space.md,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
})

export const closeButton = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  ...quietIconButtonRule,
  selectors: {
    '&:hover': quietIconButtonHover,
    '&:focus-visible': focusRing,
  },
})
