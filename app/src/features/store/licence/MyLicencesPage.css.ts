import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const page = style({ display: 'grid', gap: vars.space.xl, paddingBlock: vars.space.xl })

export const list = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const item = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  '@media': {
    [mediaQueries.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' },
  },
})

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const badge = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
})

export const artist = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.sm,
})

export const factLabel = style({ color: vars.color.textMuted })

export const factValue = style({
  margin: 0,
  fontFamily: vars.font.numeric,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

export const terms = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const termList = style({
  display: 'grid',
  gap: vars.space.xs,
  marginBlock: vars.space.sm,
  paddingLeft: vars.space.lg,
  lineHeight: vars.lineHeight.body,
})

export const summaryToggle = style({ cursor: 'pointer', color: vars.color.accentText })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignSelf: 'start',
})

export const stats = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [mediaQueries.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
})

export const stat = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
})

export const statLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const statValue = style({
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
})

export const statAccent = style([statValue, { color: vars.color.accentText }])
