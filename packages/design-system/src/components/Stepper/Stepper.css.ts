import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const list = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  flexWrap: 'wrap',
})

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="current"]': { color: vars.color.text, fontWeight: vars.fontWeight.semibold },
    '&[data-state="done"]': { color: vars.color.accentText },
  },
})

export const marker = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.xs,
  fontFamily: vars.font.numeric,
  selectors: {
    [`${step}[data-state="current"] &`]: {
      backgroundColor: vars.color.accent,
      borderColor: vars.color.accent,
      color: vars.color.accentContrast,
    },
    [`${step}[data-state="done"] &`]: {
      backgroundColor: vars.color.accentSoft,
      borderColor: vars.color.accentSoft,
    },
  },
})

export const connector = style({
  width: vars.space.xl,
  height: vars.borderWidth.thin,
  backgroundColor: vars.color.border,
})
