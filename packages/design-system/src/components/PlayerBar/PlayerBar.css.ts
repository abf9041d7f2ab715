import { style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, visuallyHiddenRule } from '../private/styleRules'
import { progressSliderVars } from '../ProgressSlider/ProgressSlider.css'

/**
 * The bar's height without the safe-area inset, for pages that keep their last row clear of it:
 * compact below the tablet breakpoint, regular from it.
 */
export const playerBarHeights = {
  compact: `calc(${vars.size.controlMd} + 2 * ${vars.space.md})`,
  regular: `calc(${vars.size.playButton} + 2 * ${vars.space.lg})`,
} as const

const singleLine = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

const slide = `transform ${vars.motion.durationSlow} ${vars.motion.easeOut}`

export const bar = style({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: vars.zIndex.player,
  paddingBottom: 'env(safe-area-inset-bottom)',
  backgroundColor: vars.color.surfaceRaised,
  borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  color: vars.color.text,
  fontFamily: vars.font.body,
  transform: 'translateY(0)',
  // Opening shows it at once; closing keeps it visible until it has slid out, then hides it.
  transition: `${slide}, visibility 0s`,
  selectors: {
    '&[data-state="closed"]': {
      // Past its own height, so the progress line that straddles the top edge goes too.
      transform: `translateY(calc(100% + ${vars.space.lg}))`,
      visibility: 'hidden',
      transition: `${slide}, visibility 0s linear ${vars.motion.durationSlow}`,
    },
  },
  '@supports': {
    '(backdrop-filter: blur(1px))': {
      backgroundColor: vars.color.scrim,
      backdropFilter: `saturate(1.6) blur(${vars.blur.lg})`,
    },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const inner = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"info transport actions"',
  alignItems: 'center',
  gap: vars.space.md,
  height: playerBarHeights.compact,
  paddingLeft: vars.space.lg,
  paddingRight: vars.space.md,
  '@media': {
    [mediaQueries.tablet]: {
      // Equal sides keep the transport centred; the right side never squeezes its buttons.
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) minmax(max-content, 1fr)',
      gap: vars.space.xl,
      height: playerBarHeights.regular,
      paddingLeft: vars.space.xl,
      paddingRight: vars.space.xl,
    },
  },
})

export const info = style({
  gridArea: 'info',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
})

export const cover = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  width: vars.size.controlMd,
  height: vars.size.controlMd,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceSunken,
  boxShadow: vars.shadow.sm,
  '@media': {
    [mediaQueries.tablet]: {
      width: `calc(${vars.size.playButton} + ${vars.space.sm})`,
      height: `calc(${vars.size.playButton} + ${vars.space.sm})`,
      borderRadius: vars.radius.md,
    },
  },
})

export const coverImage = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
})

export const coverFallback = style({
  color: vars.color.accentContrast,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  '@media': {
    [mediaQueries.tablet]: { fontSize: vars.fontSize.xl },
  },
})

export const coverEmpty = style({
  color: vars.color.textSubtle,
  fontSize: vars.size.iconMd,
  boxShadow: 'none',
  '@media': {
    [mediaQueries.tablet]: { fontSize: vars.size.iconLg },
  },
})

export const artwork = styleVariants(vars.artwork, (gradient) => ({ backgroundImage: gradient }))

export const meta = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
})

export const title = style({
  ...singleLine,
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  selectors: {
    '&[data-empty]': { fontWeight: vars.fontWeight.regular, color: vars.color.textMuted },
  },
  '@media': {
    [mediaQueries.tablet]: { fontSize: vars.fontSize.md },
  },
})

export const artist = style({
  ...singleLine,
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.textMuted,
  '@media': {
    [mediaQueries.tablet]: { fontSize: vars.fontSize.sm },
  },
})

export const error = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.danger,
})

export const errorIcon = style({
  flexShrink: 0,
  fontSize: vars.size.iconSm,
})

export const errorText = style(singleLine)

export const transport = style({
  gridArea: 'transport',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  minWidth: 0,
})

export const playButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.controlMd,
  height: vars.size.controlMd,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.accentContrast,
  fontSize: vars.size.iconMd,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
  transition: [
    `background-color ${vars.motion.durationFast}`,
    `transform ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  ].join(', '),
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.accentHover, transform: 'scale(1.04)' },
    '&:active:not(:disabled)': {
      backgroundColor: vars.color.accentActive,
      transform: 'scale(0.96)',
    },
    '&:focus-visible': focusRing,
    '&:disabled': {
      cursor: 'not-allowed',
      backgroundColor: vars.color.surfaceHover,
      color: vars.color.textSubtle,
      boxShadow: 'none',
    },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
  '@media': {
    [mediaQueries.tablet]: {
      width: vars.size.playButton,
      height: vars.size.playButton,
      fontSize: vars.size.iconLg,
    },
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const progress = style({
  // Phones: a thin line along the bar's top edge, its grab area straddling the edge.
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  transform: 'translateY(-50%)',
  display: 'flex',
  alignItems: 'center',
  '@media': {
    [mediaQueries.tablet]: {
      position: 'static',
      transform: 'none',
      flexGrow: 1,
      gap: vars.space.md,
      minWidth: 0,
    },
  },
})

export const slider = style({
  vars: {
    [progressSliderVars.trackThickness]: vars.space.xxs,
    [progressSliderVars.trackThicknessActive]: vars.space.xs,
    [progressSliderVars.trackRadius]: '0',
  },
  '@media': {
    [mediaQueries.tablet]: {
      vars: {
        [progressSliderVars.trackThickness]: vars.space.xs,
        [progressSliderVars.trackThicknessActive]: `calc(${vars.space.xs} + ${vars.space.xxs})`,
        [progressSliderVars.trackRadius]: vars.radius.full,
      },
    },
  },
})

export const time = style({
  display: 'none',
  // Wide enough for 00:00, so the track does not shift as the digits change.
  minWidth: `calc(${vars.space.xxl} + ${vars.space.sm})`,
  selectors: {
    '&:first-child': { textAlign: 'right' },
  },
  '@media': {
    [mediaQueries.tablet]: { display: 'inline-block' },
  },
})

export const actions = style({
  gridArea: 'actions',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  '@media': {
    [mediaQueries.tablet]: { gap: vars.space.sm },
  },
})

export const volume = style({
  display: 'none',
  '@media': {
    [mediaQueries.tablet]: { display: 'inline-flex' },
  },
})

const quietButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  height: vars.size.controlSm,
  minWidth: vars.size.controlSm,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.durationFast}, color ${vars.motion.durationFast}`,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.48 },
  },
} as const

export const iconButton = style(quietButton)

export const lyricButton = style([
  quietButton,
  {
    '@media': {
      [mediaQueries.tablet]: {
        paddingLeft: vars.space.md,
        paddingRight: vars.space.md,
      },
    },
  },
])

export const lyricText = style({
  '@media': {
    [mediaQueries.belowTablet]: visuallyHiddenRule,
  },
})

export const actionIcon = style({
  flexShrink: 0,
  fontSize: vars.size.iconMd,
})

/** Previous and next sit close to the play button; phones keep only play in the compact bar. */
export const skipButton = style({
  display: 'none',
  '@media': {
    [mediaQueries.tablet]: { display: 'inline-flex' },
  },
})
