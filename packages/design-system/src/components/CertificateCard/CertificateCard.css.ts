import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const card = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
  // The accent edge of a printed certificate.
  borderTop: `${vars.space.xs} solid ${vars.color.accent}`,
})

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
})

export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  letterSpacing: vars.letterSpacing.wide,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
})

export const number = style({
  fontFamily: vars.font.numeric,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.accentText,
})

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6em, auto) 1fr',
  columnGap: vars.space.lg,
  rowGap: vars.space.sm,
  margin: 0,
})

/** A term and its value: their cells belong to the list's grid. */
export const row = style({ display: 'contents' })

export const term = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  wordBreak: 'break-all',
})

export const mono = style({ fontFamily: vars.font.numeric })

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })
