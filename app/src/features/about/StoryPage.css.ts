import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingBlock: vars.space.xxl,
  color: vars.color.accentContrast,
  backgroundColor: vars.color.brandArtStart,
  backgroundImage: [
    `radial-gradient(circle at 85% 15%, ${vars.color.brandArtGlow} 0%, transparent 45%)`,
    `linear-gradient(150deg, ${vars.color.brandArtStart} 10%, ${vars.color.brandArtEnd} 120%)`,
  ].join(', '),
  '@media': { [mediaQueries.tablet]: { paddingBlock: vars.space.xxxl } },
})

export const heroInner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  width: '100%',
  maxWidth: vars.size.containerNarrow,
  marginInline: 'auto',
  // The same inset as the body below, so the title and the text start on one line.
  paddingInline: vars.space.lg,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  letterSpacing: vars.letterSpacing.wide,
})

export const lead = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  opacity: 0.92,
})

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

export const body = style({
  width: '100%',
  maxWidth: vars.size.containerNarrow,
  marginInline: 'auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
})

export const section = style({ marginBottom: vars.space.xl })

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})

export const paragraph = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
})
