import { keyframes, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const mask = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.mask,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: vars.color.overlay,
  // The mask blocks the page beneath it, including a modal dialog that set pointer-events: none.
  pointerEvents: 'auto',
  cursor: 'progress',
  animation: `${fadeIn} ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none' },
  },
})

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: vars.size.avatarXl,
  padding: `${vars.space.xl} ${vars.space.xxl}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
})
