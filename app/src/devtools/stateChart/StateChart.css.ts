import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const frame = style({
  overflow: 'auto',
  maxWidth: '100%',
  maxHeight: '80vh',
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
})

// Drawn at its own size and scrolled, never shrunk: a chart squeezed to the column is unreadable.
export const svg = style({ display: 'block', maxWidth: 'none', fontFamily: vars.font.body })

export const placeholder = style({
  padding: vars.space.xl,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const state = style({
  fill: vars.color.surfaceRaised,
  stroke: vars.color.borderStrong,
  strokeWidth: 1,
  selectors: {
    '&[data-compound]': { fill: vars.color.surfaceSunken, strokeDasharray: '0' },
    '&[data-parallel]': { strokeDasharray: '6 4' },
    '&[data-active]': { stroke: vars.color.accent, strokeWidth: 2, fill: vars.color.accentSoft },
    '&[data-compound][data-active]': { fill: vars.color.surfaceSunken },
  },
})

export const finalRing = style({ fill: 'none', stroke: vars.color.borderStrong, strokeWidth: 1 })

export const stateName = style({
  fill: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&[data-active]': { fill: vars.color.accentText } },
})

export const stateLine = style({ fill: vars.color.textMuted })

export const initialDot = style({ fill: vars.color.text })

export const edge = style({
  fill: 'none',
  stroke: vars.color.textSubtle,
  strokeWidth: 1.25,
  selectors: { '&[data-enabled]': { stroke: vars.color.accent, strokeWidth: 2 } },
})

export const arrowHead = style({ fill: vars.color.textSubtle })
export const arrowHeadEnabled = style({ fill: vars.color.accent })

export const edgeLabelBox = style({ fill: vars.color.surface, opacity: 0.92 })

export const edgeLabel = style({
  fill: vars.color.textMuted,
  selectors: {
    '&[data-enabled]': { fill: vars.color.accentText, fontWeight: vars.fontWeight.medium },
  },
})
