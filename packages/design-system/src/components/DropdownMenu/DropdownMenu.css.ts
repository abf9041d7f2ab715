import { keyframes, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

const dropIn = keyframes({
  from: { opacity: 0, transform: `translateY(calc(-1 * ${vars.space.xs})) scale(0.98)` },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
})

export const content = style({
  zIndex: vars.zIndex.dropdown,
  minWidth: vars.size.menuMinWidth,
  padding: vars.space.xs,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  transformOrigin: 'var(--radix-dropdown-menu-content-transform-origin)',
  selectors: {
    '&[data-state="open"]': {
      animation: `${dropIn} ${vars.motion.durationFast} ${vars.motion.easeOut}`,
    },
    // The gap to the trigger, as a margin so it comes from the tokens (Radix measures it).
    '&[data-side="bottom"]': { marginTop: vars.space.sm },
    '&[data-side="top"]': { marginBottom: vars.space.sm },
    '&[data-side="left"]': { marginRight: vars.space.sm },
    '&[data-side="right"]': { marginLeft: vars.space.sm },
  },
  '@media': {
    [mediaQueries.reducedMotion]: { animation: 'none !important' },
  },
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.controlSm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.surfaceHover },
    '&[data-disabled]': { color: vars.color.textSubtle, cursor: 'not-allowed' },
    '&[data-tone="danger"]': { color: vars.color.danger },
    '&[data-tone="danger"][data-highlighted]': { backgroundColor: vars.color.dangerSoft },
  },
})

/** Quiet text at the item's end, e.g. a balance beside 积分充值. */
export const itemHint = style({
  marginLeft: 'auto',
  paddingLeft: vars.space.md,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const label = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})

export const separator = style({
  height: vars.borderWidth.thin,
  margin: `${vars.space.xs} ${vars.space.xs}`,
  backgroundColor: vars.color.border,
})
