import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

/** How a checkout view tells its outcome: CheckoutProgress and QrCheckout read the same. */

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const gained = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.success,
})

export const balance = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const balanceNumber = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
})

export const description = style({
  margin: 0,
  maxWidth: vars.size.fieldMaxWidth,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const errorDescription = style([description, { color: vars.color.danger }])

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
})

/** Good news, bad news, or neither (nothing went wrong and nothing was paid). */
export const tone = styleVariants({
  success: { color: vars.color.success },
  danger: { color: vars.color.danger },
  neutral: { color: vars.color.textMuted },
})
