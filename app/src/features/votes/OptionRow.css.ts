import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const row = style({
  display: 'grid',
  gridTemplateColumns: `auto ${vars.size.avatarXl} minmax(0, 1fr) auto`,
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  '@media': {
    [mediaQueries.belowTablet]: {
      gridTemplateColumns: `${vars.size.avatarLg} minmax(0, 1fr) auto`,
      gap: vars.space.sm,
      padding: vars.space.sm,
    },
  },
})

export const position = style({
  minWidth: vars.size.iconLg,
  textAlign: 'center',
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.textSubtle,
  selectors: { '[data-top] > &': { color: vars.color.accentText } },
  '@media': { [mediaQueries.belowTablet]: { display: 'none' } },
})

export const art = style({
  position: 'relative',
  width: vars.size.avatarXl,
  aspectRatio: '1',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: `linear-gradient(135deg, ${vars.color.brandArtStart}, ${vars.color.brandArtEnd})`,
  '@media': { [mediaQueries.belowTablet]: { width: vars.size.avatarLg } },
})

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' })

export const glyph = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textInverse,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
})

export const play = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xl,
  background: vars.color.overlay,
  opacity: 0.85,
  transition: `opacity ${vars.motion.durationFast} ${vars.motion.easeOut}`,
  ':hover': { opacity: 1 },
  ':focus-visible': { outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}` },
})

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const subtitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

// A <progress>: its value is the option's votes, its max the activity's total.
export const bar = style({
  appearance: 'none',
  display: 'block',
  width: '100%',
  height: vars.space.xs,
  border: 'none',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
  marginTop: vars.space.xxs,
  color: vars.color.accent,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surfaceSunken },
    '&::-webkit-progress-value': {
      background: vars.color.accent,
      borderRadius: vars.radius.full,
      transition: `width ${vars.motion.durationSlow} ${vars.motion.easeOut}`,
    },
    '&::-moz-progress-bar': { background: vars.color.accent, borderRadius: vars.radius.full },
  },
})

export const figures = style({
  display: 'flex',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontFamily: vars.font.numeric,
})

export const votes = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold })

export const mine = style({ color: vars.color.accentText })
