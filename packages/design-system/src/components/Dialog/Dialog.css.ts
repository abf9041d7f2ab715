import { keyframes, style } from '@vanilla-extract/css'
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, quietIconButtonHover, quietIconButtonRule } from '../private/styleRules'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } })
const riseIn = keyframes({
  from: { opacity: 0, transform: `translate(-50%, calc(-50% + ${vars.space.lg})) scale(0.98)` },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
})
const sinkOut = keyframes({
  from: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
  to: { opacity: 0, transform: `translate(-50%, calc(-50% + ${vars.space.sm})) scale(0.98)` },
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.dialog,
  backgroundColor: vars.color.overlay,
  backdropFilter: `blur(${vars.blur.sm})`,
  selectors: {
    '&[data-state="open"]': {
      animation: `${fadeIn} ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    },
    '&[data-state="closed"]': {
      animation: `${fadeOut} ${vars.motion.durationFast} ${vars.motion.easeInOut}`,
    },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none !important' },
  },
})

export const content = recipe({
  base: {
    position: 'fixed',
    top: '50%',
    left: '50%',
    zIndex: vars.zIndex.dialog,
    transform: 'translate(-50%, -50%)',
    display: 'flex',
    flexDirection: 'column',
    // Shrinks with the window, keeping a margin on every side, and scrolls when taller than it.
    maxWidth: `calc(100vw - 2 * ${vars.space.lg})`,
    maxHeight: `calc(100dvh - 2 * ${vars.space.lg})`,
    overflow: 'auto',
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    selectors: {
      '&:focus-visible': focusRing,
      '&[data-state="open"]': {
        animation: `${riseIn} ${vars.motion.durationSlow} ${vars.motion.easeOut}`,
      },
      '&[data-state="closed"]': {
        animation: `${sinkOut} ${vars.motion.durationFast} ${vars.motion.easeInOut}`,
      },
    },
    '@media': {
      [mediaQueries.reducedMotion]: { animation: 'none !important' },
    },
  },
  variants: {
    size: {
      login: {
        width: vars.size.dialogLogin,
        padding: 0,
        borderRadius: vars.radius.xl,
      },
      lyric: {
        width: vars.size.dialogLyric,
        padding: vars.space.xl,
      },
      confirm: {
        width: vars.size.dialogConfirm,
        padding: vars.space.xl,
      },
    },
  },
  defaultVariants: { size: 'confirm' },
})

export type DialogContentVariants = NonNullable<RecipeVariants<typeof content>>

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  paddingRight: vars.size.controlMd,
})

export const description = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const closeButton = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  zIndex: 1,
  ...quietIconButtonRule,
  selectors: {
    '&:hover': quietIconButtonHover,
    '&:focus-visible': focusRing,
  },
})
