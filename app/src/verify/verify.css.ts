import { vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

globalStyle('body', { margin: 0, backgroundColor: vars.color.surfaceSunken })

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  maxWidth: '880px',
  marginInline: 'auto',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxxl}`,
  color: vars.color.text,
  lineHeight: vars.lineHeight.body,
})

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
})

export const brand = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.accentText,
  textDecoration: 'none',
})

export const link = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
})

export const lead = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textMuted })

export const zone = style({
  display: 'grid',
  placeItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxxl} ${vars.space.lg}`,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.focus} dashed ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceRaised,
  textAlign: 'center',
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-dragging]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
    },
    '&:focus-within': { outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}` },
  },
})

export const zoneTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold })

export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const hiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
})

export const result = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  selectors: {
    '&[data-kind="valid"]': { borderTop: `${vars.space.xs} solid ${vars.color.success}` },
    '&[data-kind="notFound"]': { borderTop: `${vars.space.xs} solid ${vars.color.warning}` },
    '&[data-kind="invalid"], &[data-kind="failed"]': {
      borderTop: `${vars.space.xs} solid ${vars.color.danger}`,
    },
  },
})

export const resultTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
})

export const sentence = style({ margin: 0, fontSize: vars.fontSize.md })

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, auto) 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
})

export const term = style({ color: vars.color.textMuted })

export const mono = style({ margin: 0, fontFamily: vars.font.numeric, wordBreak: 'break-all' })

export const button = style({
  justifySelf: 'start',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.full,
  border: 'none',
  backgroundColor: vars.color.accent,
  color: vars.color.accentContrast,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
})
