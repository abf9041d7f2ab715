import { keyframes, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

const pulse = keyframes({
  '0%, 100%': { transform: 'translateY(0)' },
  '50%': { transform: `translateY(calc(-1 * ${vars.space.xxs}))` },
})

const slide = `transform ${vars.motion.durationSlow} ${vars.motion.easeOut}`

export const handle = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: `calc(${vars.space.lg} + env(safe-area-inset-bottom))`,
  zIndex: vars.zIndex.player,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: `min(calc(100vw - 2 * ${vars.space.lg}), ${vars.size.toastWidth})`,
  minHeight: vars.size.controlMd,
  padding: `0 ${vars.space.md}`,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.heading,
  cursor: 'pointer',
  transform: 'translateY(0)',
  transition: `${slide}, visibility 0s`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': focusRing,
    '&[data-state="closed"]': {
      transform: `translateY(calc(100% + 2 * ${vars.space.lg}))`,
      visibility: 'hidden',
      transition: `${slide}, visibility 0s linear ${vars.motion.durationSlow}`,
    },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const note = style({
  flexShrink: 0,
  width: vars.size.iconMd,
  height: vars.size.iconMd,
  color: vars.color.accent,
  selectors: {
    [`${handle}[data-playing] &`]: {
      animation: `${pulse} calc(4 * ${vars.motion.durationSlow}) ${vars.motion.easeOut} infinite`,
    },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none !important' },
  },
})

export const title = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

// Points up: the bar comes back up from the bottom.
export const chevron = style({
  flexShrink: 0,
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  color: vars.color.textMuted,
  transform: 'rotate(180deg)',
})
