import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const option = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  transition: 'border-color 120ms ease, background-color 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
    },
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
})

export const check = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.accentContrast,
  selectors: {
    [`${option}[aria-pressed="true"] &`]: {
      backgroundColor: vars.color.accent,
      borderColor: vars.color.accent,
    },
  },
})

export const text = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })

export const name = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const detail = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
})
