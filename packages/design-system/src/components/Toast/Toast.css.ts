import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import {
  focusRing,
  visuallyHiddenRule,
  quietIconButtonHover,
  quietIconButtonRule,
} from '../private/styleRules'

const slideIn = keyframes({
  from: { opacity: 0, transform: `translateY(calc(-1 * ${vars.space.lg}))` },
  to: { opacity: 1, transform: 'translateY(0)' },
})

const fadeOut = keyframes({
  from: { opacity: 1 },
  to: { opacity: 0 },
})

export const viewport = style({
  position: 'fixed',
  top: vars.space.lg,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  width: `min(${vars.size.toastWidth}, calc(100vw - 2 * ${vars.space.lg}))`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
})

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: 'fit-content',
  maxWidth: '100%',
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  // A modal dialog turns pointer events off on <body>; toasts must stay dismissable above it.
  pointerEvents: 'auto',
  selectors: {
    '&[data-state="open"]': {
      animation: `${slideIn} ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    },
    '&[data-state="closed"]': {
      animation: `${fadeOut} ${vars.motion.durationFast} ${vars.motion.easeInOut}`,
    },
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="cancel"]': {
      transform: 'translateX(0)',
      transition: `transform ${vars.motion.durationBase} ${vars.motion.easeOut}`,
    },
    '&:focus-visible': focusRing,
  },
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none !important' },
  },
})

export const icon = style({
  flexShrink: 0,
  display: 'inline-flex',
  fontSize: vars.size.iconMd,
})

export const kind = styleVariants({
  success: { color: vars.color.success },
  error: { color: vars.color.danger },
  warning: { color: vars.color.warning },
  info: { color: vars.color.info },
})

export const message = style({
  flex: 1,
  minWidth: 0,
  paddingTop: vars.space.xxs,
  paddingBottom: vars.space.xxs,
  overflowWrap: 'anywhere',
})

export const close = style({
  ...quietIconButtonRule,
  color: vars.color.textSubtle,
  fontSize: vars.size.iconSm,
  selectors: {
    '&:hover': quietIconButtonHover,
    '&:focus-visible': focusRing,
  },
})

export const visuallyHidden = style(visuallyHiddenRule)
