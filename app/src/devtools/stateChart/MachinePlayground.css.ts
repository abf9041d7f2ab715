import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [mediaQueries.desktop]: { gridTemplateColumns: 'minmax(320px, 400px) minmax(0, 1fr)' },
  },
})

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
})

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const view = style({
  position: 'relative',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  minHeight: '120px',
})

export const current = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const currentValue = style({
  fontFamily: vars.font.numeric,
  color: vars.color.accentText,
  fontWeight: vars.fontWeight.semibold,
})

export const events = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
