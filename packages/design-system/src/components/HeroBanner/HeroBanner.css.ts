import { style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  color: vars.color.accentContrast,
  backgroundColor: vars.color.brandArtStart,
  backgroundImage: [
    `radial-gradient(circle at 78% 30%, ${vars.color.brandArtGlow} 0%, transparent 42%)`,
    `linear-gradient(120deg, ${vars.color.brandArtStart} 20%, ${vars.color.brandArtEnd} 130%)`,
  ].join(', '),
})

export const inner = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1fr',
  alignItems: 'center',
  gap: vars.space.xl,
  maxWidth: vars.size.container,
  minHeight: vars.size.heroMinHeight,
  margin: '0 auto',
  padding: `${vars.space.xxxl} ${vars.space.lg}`,
  '@media': {
    [mediaQueries.tablet]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
    [mediaQueries.desktop]: { paddingLeft: vars.space.xl, paddingRight: vars.space.xl },
  },
})

export const compact = style({
  minHeight: 0,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
})

export const copy = style({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
})

export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  letterSpacing: vars.letterSpacing.wide,
  opacity: 0.8,
})

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: vars.letterSpacing.wide,
  '@media': {
    [mediaQueries.tablet]: { fontSize: vars.fontSize.display },
  },
})

export const subtitle = style({
  maxWidth: '32em',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  opacity: 0.82,
  '@media': {
    [mediaQueries.tablet]: { fontSize: vars.fontSize.lg },
  },
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.sm,
})

export const art = style({
  position: 'relative',
  display: 'none',
  justifySelf: 'end',
  width: '100%',
  maxWidth: vars.size.heroMinHeight,
  aspectRatio: '1',
  '@media': {
    [mediaQueries.tablet]: { display: 'block' },
  },
})

/** The default art: a large record, drawn in CSS, for pages without a banner image. */
export const record = style({
  width: '100%',
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundImage: [
    `radial-gradient(circle, ${vars.color.brandArtStart} 0 2%, ${vars.color.brandArtEnd} 2.5% 15%, ${vars.color.brandArtStart} 15.5% 17%, transparent 17.5%)`,
    `repeating-radial-gradient(circle, ${vars.color.brandArtGroove} 0 ${vars.borderWidth.thin}, transparent ${vars.borderWidth.thin} ${vars.space.sm})`,
    `radial-gradient(circle, ${vars.color.brandArtVinyl} 0 100%)`,
  ].join(', '),
  boxShadow: vars.shadow.lg,
})

export const artSlot = style({
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
})
