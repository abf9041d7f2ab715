import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const grid = style({
  display: 'grid',
  // Two cards side by side on a 390 px phone, five or six across a desktop form.
  gridTemplateColumns: `repeat(auto-fill, minmax(calc(${vars.size.cardMinWidth} - ${vars.space.xxl}), 1fr))`,
  gap: vars.space.md,
  outline: 'none',
})

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  minWidth: 0,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  transitionProperty: 'border-color, box-shadow, background-color',
  transitionDuration: vars.motion.durationFast,
  transitionTimingFunction: vars.motion.easeOut,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&[data-state="checked"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      boxShadow: `0 0 0 ${vars.borderWidth.thin} ${vars.color.accent}`,
    },
    // The focus ring goes round the whole card, not just the part that is the radio.
    '&:has([role="radio"]:focus-visible)': focusRing,
  },
})

export const radio = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minWidth: 0,
  paddingInline: vars.space.md,
  paddingTop: vars.space.lg,
  paddingBottom: vars.space.sm,
  border: 0,
  borderRadius: 'inherit',
  backgroundColor: 'transparent',
  color: 'inherit',
  textAlign: 'center',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.56 },
  },
})

export const avatar = style({
  width: vars.size.avatarXl,
  borderRadius: vars.radius.full,
  boxShadow: vars.shadow.sm,
  marginBottom: vars.space.xs,
})

export const name = style({
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  selectors: {
    [`${card}[data-state="checked"] &`]: { color: vars.color.accentText },
  },
})

export const description = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

/** The tick in the corner of the chosen card. */
export const indicator = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  display: 'grid',
  placeItems: 'center',
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.accentContrast,
  fontSize: vars.size.iconSm,
})

export const previewRow = style({
  display: 'flex',
  justifyContent: 'center',
  paddingInline: vars.space.md,
  paddingBottom: vars.space.md,
})

export const previewIcon = style({ fontSize: vars.size.iconSm })
