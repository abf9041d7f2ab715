import { style } from '@vanilla-extract/css'
import { vars } from '../../themes/vars.css'

export const list = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const item = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space.md,
  paddingBottom: vars.space.lg,
  selectors: {
    '&:last-child': { paddingBottom: 0 },
  },
})

export const rail = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gridTemplateRows: 'auto 1fr',
  selectors: {
    [`${item}:not(:last-child) &::after`]: {
      content: '""',
      width: vars.borderWidth.focus,
      marginTop: vars.space.xxs,
      backgroundColor: vars.color.border,
    },
  },
})

export const dot = style({
  width: vars.space.md,
  height: vars.space.md,
  marginTop: vars.space.xxs,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.focus} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  selectors: {
    [`${item}[data-tone="accent"] &`]: {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accent,
    },
    [`${item}[data-tone="success"] &`]: {
      borderColor: vars.color.success,
      backgroundColor: vars.color.success,
    },
    [`${item}[data-tone="warning"] &`]: {
      borderColor: vars.color.warning,
      backgroundColor: vars.color.warning,
    },
    [`${item}[data-tone="danger"] &`]: {
      borderColor: vars.color.danger,
      backgroundColor: vars.color.danger,
    },
  },
})

export const body = style({ display: 'grid', gap: vars.space.xxs })

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const time = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const note = style({
  margin: 0,
  marginTop: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
})
