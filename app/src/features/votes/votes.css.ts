import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
  '@media': { [mediaQueries.belowTablet]: { gap: vars.space.lg, paddingBlock: vars.space.md } },
})

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.heroMinHeight,
  color: vars.color.textMuted,
})

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaQueries.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
})

/** Loading card places: one on a phone, two on a tablet, three on a desktop (one grid row). */
export const placeholder = style({
  selectors: { '&:nth-child(n + 2)': { display: 'none' } },
  '@media': {
    [mediaQueries.tablet]: { selectors: { '&:nth-child(2)': { display: 'block' } } },
    [mediaQueries.desktop]: { selectors: { '&:nth-child(3)': { display: 'block' } } },
  },
})

export const cardLink = style({
  display: 'block',
  height: '100%',
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.lg,
  ':focus-visible': { outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}` },
})

// Details: a hero with the cover large, then the options beside the live ranking.
export const hero = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQueries.tablet]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' },
    [mediaQueries.belowTablet]: { gap: vars.space.md },
  },
})

export const heroCover = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  background: `linear-gradient(135deg, ${vars.color.brandArtStart}, ${vars.color.brandArtEnd})`,
  '@media': { [mediaQueries.belowTablet]: { borderRadius: vars.radius.lg } },
})

export const heroImage = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
})

export const heroGlyph = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontSize: vars.fontSize.display,
  color: vars.color.textInverse,
})

export const heroText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'flex-start',
})

export const heroTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  '@media': { [mediaQueries.belowTablet]: { fontSize: vars.fontSize.xl } },
})

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const description = style({
  margin: 0,
  color: vars.color.text,
  lineHeight: vars.lineHeight.body,
  whiteSpace: 'pre-line',
})

export const stats = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.lg,
  marginTop: vars.space.xs,
})

export const stat = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })

export const statValue = style({
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
})

export const statLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const allowance = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
})

export const columns = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': {
    [mediaQueries.desktop]: {
      gridTemplateColumns: `minmax(0, 1fr) calc(2 * ${vars.size.cardMinWidth})`,
    },
  },
})

export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const sectionTitle = style({
  margin: 0,
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})

export const aside = style({
  '@media': {
    [mediaQueries.desktop]: {
      position: 'sticky',
      top: `calc(${vars.size.headerHeight} + ${vars.space.md})`,
    },
  },
})

export const back = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  ':hover': { color: vars.color.accentText },
})

// Notices: a readable column of text.
export const notice = style({
  maxWidth: vars.size.containerNarrow,
  marginInline: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
})

export const noticeTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
})

export const noticeBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  lineHeight: vars.lineHeight.body,
  fontSize: vars.fontSize.md,
})

export const paragraph = style({ margin: 0 })

// Reviewers' page.
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const formRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const textArea = style({
  width: '100%',
  minHeight: vars.size.avatarXl,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
})

export const fieldLabel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  flex: 1,
})

export const reviewItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm })
