import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const section = style({
  paddingBlock: vars.space.xl,
})

export const features = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fit, minmax(${vars.size.cardMinWidth}, 1fr))`,
  gap: vars.space.lg,
})

export const featureLink = style({
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.lg,
  ':focus-visible': {
    outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
    outlineOffset: vars.space.xxs,
  },
})

export const worksLoading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.cardMinWidth,
  color: vars.color.textMuted,
})
