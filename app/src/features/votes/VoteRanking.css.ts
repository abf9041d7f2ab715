import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const heading = style({
  margin: 0,
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})

export const total = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
  fontFamily: vars.font.numeric,
})

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const entry = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.iconLg} minmax(0, 1fr) auto`,
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
})

export const place = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.full,
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  background: vars.color.surfaceSunken,
  selectors: {
    '[data-place="1"] > &, [data-place="2"] > &, [data-place="3"] > &': {
      color: vars.color.accentContrast,
      background: vars.color.accent,
    },
  },
})

export const name = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

export const votes = style({
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const empty = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })
