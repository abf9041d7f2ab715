import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const card = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  transition: `box-shadow ${vars.motion.durationBase} ${vars.motion.easeOut}, transform ${vars.motion.durationBase} ${vars.motion.easeOut}`,
  selectors: {
    'a:hover > &, a:focus-visible > &': {
      boxShadow: vars.shadow.md,
      transform: `translateY(calc(-1 * ${vars.space.xxs}))`,
    },
  },
})

export const cover = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  background: `linear-gradient(135deg, ${vars.color.brandArtStart}, ${vars.color.brandArtEnd})`,
})

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
})

export const shade = style({
  position: 'absolute',
  inset: 0,
  background: `linear-gradient(to top, ${vars.color.coverShade}, transparent 55%)`,
})

export const fallbackGlyph = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textInverse,
  opacity: 0.85,
})

export const badge = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
})

export const coverTotal = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontFamily: vars.font.numeric,
})

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  flex: 1,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
})

export const meta = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const figures = style({
  marginTop: 'auto',
  display: 'flex',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const votes = style({
  color: vars.color.accentText,
  fontWeight: vars.fontWeight.semibold,
})
