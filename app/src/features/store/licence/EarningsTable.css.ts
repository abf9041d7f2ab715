import { mediaQueries, vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const wrapper = style({
  overflowX: 'auto',
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
})

export const headCell = style({
  padding: vars.space.md,
  textAlign: 'left',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const cell = style({
  padding: vars.space.md,
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  verticalAlign: 'middle',
})

export const money = style({
  fontFamily: vars.font.numeric,
  textAlign: 'right',
  whiteSpace: 'nowrap',
})

export const net = style([money, { fontWeight: vars.fontWeight.semibold, color: vars.color.text }])

export const commission = style([money, { color: vars.color.textMuted }])

export const time = style({ whiteSpace: 'nowrap', color: vars.color.textMuted })

export const work = style({ fontWeight: vars.fontWeight.medium })

/** The licence and time fold under the work on a phone, so four columns fit 390 px. */
export const wideOnly = style({
  '@media': { [mediaQueries.belowTablet]: { display: 'none' } },
})

export const narrowDetail = style({
  display: 'none',
  marginTop: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  '@media': { [mediaQueries.belowTablet]: { display: 'block' } },
})

export const footCell = style({
  padding: vars.space.md,
  textAlign: 'left',
  fontWeight: vars.fontWeight.semibold,
  backgroundColor: vars.color.surfaceSunken,
})

export const empty = style({
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
})
