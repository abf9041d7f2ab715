import { createVar, fallbackVar, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

/**
 * The slider's tunable sizes. A view that places the slider differently (the player bar's thin
 * top edge on phones) sets these on the slider's `className` instead of reaching into its parts.
 */
export const progressSliderVars = {
  /** The track at rest. */
  trackThickness: createVar(),
  /** The track under the pointer, while dragging, or with the thumb focused. */
  trackThicknessActive: createVar(),
  /** The height that catches the pointer, larger than the track so a thin bar is easy to grab. */
  hitArea: createVar(),
  trackRadius: createVar(),
}

export const bufferedWidth = createVar()

const thumbSize = vars.space.md

export const root = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minWidth: 0,
  height: fallbackVar(progressSliderVars.hitArea, vars.space.lg),
})

export const slider = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  height: '100%',
  cursor: 'pointer',
  userSelect: 'none',
  // The page must not scroll while a finger drags the thumb.
  touchAction: 'none',
  selectors: {
    '&[data-disabled]': { cursor: 'default' },
  },
})

const active = `${root}:hover:not([data-disabled]) &, ${root}[data-dragging] &, ${root}:has(:focus-visible) &`

export const track = style({
  position: 'relative',
  flexGrow: 1,
  overflow: 'hidden',
  height: fallbackVar(progressSliderVars.trackThickness, vars.space.xs),
  borderRadius: fallbackVar(progressSliderVars.trackRadius, vars.radius.full),
  backgroundColor: vars.color.border,
  transition: `height ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  selectors: {
    [active]: {
      height: fallbackVar(
        progressSliderVars.trackThicknessActive,
        `calc(${vars.space.xs} + ${vars.space.xxs})`,
      ),
    },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const buffered = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 0,
  width: bufferedWidth,
  backgroundColor: vars.color.borderStrong,
  transition: `width ${vars.motion.durationBase} linear`,
})

export const range = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  backgroundColor: vars.color.accent,
  transition: `background-color ${vars.motion.durationFast}`,
  selectors: {
    [`${root}[data-tone="neutral"] &`]: { backgroundColor: vars.color.textMuted },
    [active]: { backgroundColor: vars.color.accent },
    // Last, and as specific as the rules above, so a disabled slider stays grey in any tone.
    [`${root}[data-disabled] &`]: { backgroundColor: vars.color.borderStrong },
  },
})

export const thumb = style({
  display: 'block',
  width: thumbSize,
  height: thumbSize,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentContrast,
  border: `${vars.borderWidth.focus} solid ${vars.color.accent}`,
  boxShadow: vars.shadow.sm,
  cursor: 'grab',
  // Hidden (but still focusable) until the slider is hovered, dragged or focused.
  transform: 'scale(0)',
  transition: `transform ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  selectors: {
    [`${root}:hover &, ${root}[data-dragging] &, &:focus-visible`]: { transform: 'scale(1)' },
    [`${root}[data-dragging] &`]: { cursor: 'grabbing', transform: 'scale(1.15)' },
    '&:focus-visible': focusRing,
    '&[data-disabled]': { display: 'none' },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})
