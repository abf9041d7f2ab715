import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
  paddingBlock: vars.space.lg,
  '@media': { [mediaQueries.tablet]: { gap: vars.space.xl, paddingBlock: vars.space.xl } },
})

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.lg,
})

export const heading = style({ display: 'grid', gap: vars.space.xs })

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
})

export const subtitle = style({ margin: 0, color: vars.color.textMuted })

export const search = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: '100%',
  '@media': { [mediaQueries.tablet]: { width: 'auto', minWidth: vars.size.fieldMaxWidth } },
})

export const searchField = style({ flex: 1, minWidth: 0 })

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const toolbarStart = style({ display: 'flex', alignItems: 'center', gap: vars.space.md })

export const toolbarEnd = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.heroMinHeight,
  color: vars.color.textMuted,
})
