import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const editor = style({ display: 'grid', gap: vars.space.sm })

export const list = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
})

export const name = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
})

export const detail = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
})

export const shareBox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const shareInput = style({
  width: '4.5em',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontFamily: vars.font.numeric,
  textAlign: 'right',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
})

export const remove = style({
  border: 'none',
  background: 'none',
  padding: vars.space.xs,
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.danger },
    '&:focus-visible': { outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}` },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
})

export const footer = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
})

export const total = style({
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    '&[data-state="complete"]': { color: vars.color.success },
    '&[data-state="incomplete"]': { color: vars.color.danger },
  },
})

export const split = style({
  border: 'none',
  background: 'none',
  padding: 0,
  color: vars.color.accentText,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}` },
  },
})

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger })
