import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing, roundPlayButtonRule } from '../private/styleRules'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  '@media': {
    [mediaQueries.tablet]: { padding: vars.space.xl },
  },
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

export const transport = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
})

export const playButton = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  ...roundPlayButtonRule,
  transition: `background-color ${vars.motion.durationFast}, transform ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.accentHover },
    '&:active:not(:disabled)': { transform: 'scale(0.96)' },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.48, boxShadow: 'none' },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { transition: 'none' },
  },
})

export const seek = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: 1,
  minWidth: 0,
})

export const stems = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    // Side by side from a tablet up: the two stems of a separation read as a pair.
    [mediaQueries.tablet]: {
      gridTemplateColumns: `repeat(auto-fit, minmax(calc(${vars.size.fieldMaxWidth} * 0.6), 1fr))`,
    },
  },
})

export const stem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
})

/**
 * A stem silenced by its own mute or by another's solo: its name and level fade, while its buttons
 * stay clear, since they are how it comes back.
 */
const silent = `${stem}[data-state="silent"] &`

export const stemHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 0,
})

export const stemName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  selectors: { [silent]: { color: vars.color.textSubtle } },
})

export const stemControls = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
})

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'background-color, border-color, color',
  transitionDuration: vars.motion.durationFast,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, color: vars.color.text },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      color: vars.color.accentText,
    },
    '&:focus-visible': focusRing,
  },
})

export const volumeIcon = style({
  flexShrink: 0,
  marginInlineStart: vars.space.xs,
  fontSize: vars.size.iconMd,
  color: vars.color.textMuted,
  selectors: { [silent]: { color: vars.color.textSubtle } },
})

export const volume = style({
  flex: 1,
  minWidth: 0,
  transition: `opacity ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  selectors: { [silent]: { opacity: 0.48 } },
})

export const downloadIcon = style({ fontSize: vars.size.iconSm })
