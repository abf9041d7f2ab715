import { vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
})

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
})

export const form = style({ display: 'grid', gap: vars.space.lg })

export const plainList = style([form, { margin: 0, padding: 0, listStyle: 'none' }])

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
})

export const muted = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const fieldLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
})

export const fieldError = style({ fontSize: vars.fontSize.sm, color: vars.color.danger })

export const textarea = style({
  width: '100%',
  minHeight: '10em',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  resize: 'vertical',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
  },
})

export const chips = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' })

export const chip = style({
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSoft,
      color: vars.color.accentText,
    },
  },
})

export const lrcPreview = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
  listStyle: 'none',
  maxHeight: '9em',
  overflow: 'auto',
})

export const coverImage = style({ width: '100%', height: '100%', objectFit: 'cover' })

export const cards = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
})

export const itemCard = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    'a&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.sm },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, boxShadow: vars.shadow.sm },
  },
})

export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.avatarXl,
  height: vars.size.avatarXl,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.artwork.dusk,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xl,
})

export const itemBody = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })

export const itemTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const itemMeta = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontFamily: vars.font.numeric,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const stats = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
})

export const stat = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceSunken,
  color: 'inherit',
  textDecoration: 'none',
})

export const statValue = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  fontFamily: vars.font.numeric,
  color: vars.color.text,
})

export const nextStep = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  flexWrap: 'wrap',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  background: `linear-gradient(120deg, ${vars.color.accentSoft}, ${vars.color.surfaceRaised})`,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const nextTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})

export const table = style({ width: '100%', borderCollapse: 'collapse' })

// On a phone the table becomes a list of cards: one row a card, its cells stacked.
const PHONE = 'screen and (max-width: 700px)'
globalStyle(`${table} thead`, { '@media': { [PHONE]: { display: 'none' } } })
globalStyle(`${table}, ${table} tbody`, { '@media': { [PHONE]: { display: 'block' } } })
globalStyle(`${table} tr`, {
  '@media': {
    [PHONE]: {
      display: 'grid',
      gap: vars.space.xs,
      paddingBlock: vars.space.md,
      borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    },
  },
})
globalStyle(`${table} td`, {
  '@media': { [PHONE]: { display: 'block', padding: 0, borderBottom: 'none' } },
})

export const cell = style({
  padding: vars.space.md,
  borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  textAlign: 'left',
  fontSize: vars.fontSize.sm,
  verticalAlign: 'middle',
})

export const headCell = style([
  cell,
  { color: vars.color.textMuted, fontWeight: vars.fontWeight.medium },
])

export const price = style({
  fontFamily: vars.font.numeric,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.accentText,
})

export const photo = style({
  width: vars.size.avatarXl,
  height: vars.size.avatarXl,
  borderRadius: vars.radius.md,
  objectFit: 'cover',
})

/** On a deposit of a generated work: what it is and that its creation record goes with it. */
export const aiNote = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.accentSoft}`,
  backgroundColor: vars.color.surfaceSunken,
})

export const aiNoteTitle = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const badges = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.xs,
})

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

/** A creation record: label and value side by side, stacked on a phone. */
export const recordList = style({ display: 'grid', gap: vars.space.sm, margin: 0 })

export const recordRow = style({
  display: 'grid',
  gridTemplateColumns: `minmax(0, 6em) minmax(0, 1fr)`,
  gap: vars.space.md,
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0 } },
})

export const recordValue = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})
