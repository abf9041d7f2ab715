import { mediaQueries, vars } from '@gy/design-system'
import { style, styleVariants } from '@vanilla-extract/css'

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.lg,
  '@media': {
    [mediaQueries.tablet]: {
      gridTemplateColumns: `${vars.size.workCover} minmax(0, 1fr)`,
      gap: vars.space.xxl,
      paddingBlock: vars.space.xxl,
    },
  },
})

export const coverColumn = style({
  '@media': {
    [mediaQueries.tablet]: { position: 'sticky', top: vars.space.xxl, alignSelf: 'start' },
  },
})

export const cover = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  aspectRatio: '1',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  objectFit: 'cover',
  color: vars.color.textInverse,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
})

export const artwork = styleVariants(vars.artwork, (gradient) => ({ backgroundImage: gradient }))

export const main = style({ display: 'grid', gap: vars.space.xl, alignContent: 'start' })

export const header = style({ display: 'grid', gap: vars.space.sm })

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  '@media': { [mediaQueries.tablet]: { fontSize: vars.fontSize.display } },
})

export const artist = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceSunken,
})

export const fact = style({ display: 'grid', gap: vars.space.xxs })

export const factLabel = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.xs })

export const factValue = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
})

export const actions = style({ display: 'flex', gap: vars.space.md })

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})

export const deposit = style({ display: 'grid', gap: vars.space.sm })

export const depositLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
  margin: 0,
})

export const certificateNo = style({
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.medium,
})

export const verifyLink = style({ color: vars.color.accentText, fontSize: vars.fontSize.sm })

export const lyric = style({ display: 'grid', gap: vars.space.md })

export const lyricText = style({ display: 'grid', gap: vars.space.xs })

export const lyricLine = style({
  margin: 0,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.body,
})

export const stanzaBreak = style({ height: vars.space.sm })

export const muted = style({ margin: 0, color: vars.color.textMuted })
