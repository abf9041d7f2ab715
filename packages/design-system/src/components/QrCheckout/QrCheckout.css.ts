import { style } from '@vanilla-extract/css'
import { lightTokens } from '../../themes/light'
import { vars } from '../../themes/vars.css'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  textAlign: 'center',
})

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxs,
})

export const amountLabel = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const amount = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.accentText,
})

export const points = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const codeFrame = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  width: vars.size.qrCode,
  height: vars.size.qrCode,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  // A code must be dark on light for every phone to read it, whatever the page's theme.
  backgroundColor: lightTokens.color.surfaceRaised,
  boxSizing: 'content-box',
})

export const code = style({
  display: 'block',
  width: '100%',
  height: '100%',
})

export const codeBackground = style({
  fill: lightTokens.color.surfaceRaised,
})

export const codeModules = style({
  fill: lightTokens.color.text,
})

export const codeImage = style({
  transition: `opacity ${vars.motion.durationBase} ${vars.motion.easeOut}, filter ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  selectors: {
    // A code that can no longer be paid must not look scannable.
    [`${codeFrame}:not([data-state="waiting"]) &`]: { opacity: 0.12, filter: 'grayscale(1)' },
  },
})

export const codeCover = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
})

export const coverIcon = style({
  display: 'inline-flex',
  padding: vars.space.xxs,
  borderRadius: vars.radius.full,
  // Lifts the outcome off the faded code behind it.
  backgroundColor: lightTokens.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
  fontSize: vars.size.iconXl,
})

export const countdown = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const countdownTime = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
})

export const status = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
})

export const hint = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.success,
})

export const orderId = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
})
