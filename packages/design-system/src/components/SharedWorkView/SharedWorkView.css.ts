import { createVar, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxl,
  width: '100%',
  maxWidth: vars.size.container,
  marginInline: 'auto',
  minWidth: 0,
})

export const hero = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  overflow: 'hidden',
  isolation: 'isolate',
  backgroundColor: vars.color.surfaceSunken,
  '@media': {
    [mediaQueries.tablet]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
      alignItems: 'end',
      gap: vars.space.xxl,
      padding: vars.space.xxl,
    },
  },
})

/** The cover as a CSS image, for the soft blurred glow behind the hero. */
export const backdropImage = createVar()

export const backdrop = style({
  position: 'absolute',
  inset: 0,
  zIndex: -1,
  backgroundImage: backdropImage,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  filter: `blur(${vars.blur.lg}) saturate(1.2)`,
  opacity: 0.3,
  transform: 'scale(1.2)',
})

export const cover = style({
  width: '100%',
  // On a phone the cover fills the width; on a wide screen its column keeps it in proportion.
  maxWidth: `calc(${vars.size.containerNarrow} * 0.6)`,
  justifySelf: 'center',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  '@media': {
    [mediaQueries.tablet]: { maxWidth: 'none' },
  },
})

export const coverLabel = style({
  position: 'absolute',
  top: vars.space.md,
  left: vars.space.md,
  zIndex: 1,
  boxShadow: vars.shadow.sm,
})

export const info = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
})

export const kindRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  letterSpacing: vars.letterSpacing.normal,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  '@media': {
    [mediaQueries.desktop]: { fontSize: vars.fontSize.display },
  },
})

export const byline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const author = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
})

export const duration = style({
  fontFamily: vars.font.numeric,
  fontVariantNumeric: 'tabular-nums',
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.sm,
})

export const actionIcon = style({ fontSize: vars.size.iconMd })

export const upvote = style({
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      color: vars.color.accentText,
    },
  },
})

export const count = style({
  fontFamily: vars.font.numeric,
  fontVariantNumeric: 'tabular-nums',
})

export const lyric = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: vars.size.containerNarrow,
  marginInline: 'auto',
  paddingInline: vars.space.lg,
})

export const lyricTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
  letterSpacing: vars.letterSpacing.wide,
  color: vars.color.textSubtle,
})

export const lines = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  textAlign: 'center',
})

export const line = style({
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
})

/** The break between stanzas. */
export const stanzaBreak = style({ height: vars.space.lg })

export const noLyric = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle,
})
