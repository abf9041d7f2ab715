import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
})

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  '@media': { 'screen and (max-width: 600px)': { padding: vars.space.lg } },
})

export const form = style({ display: 'grid', gap: vars.space.lg })

export const twoFields = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { 'screen and (max-width: 700px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
})

export const spread = style([row, { justifyContent: 'space-between' }])

export const list = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})

export const muted = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.textMuted,
})

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
})

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger })

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  alignContent: 'start',
  margin: 0,
  fontSize: vars.fontSize.sm,
})

export const factLabel = style({ color: vars.color.textMuted })

export const factValue = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' })

export const select = style({
  width: '100%',
  height: vars.size.controlLg,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.md,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}`,
      outlineOffset: vars.borderWidth.thin,
    },
  },
})

export const field = style({ display: 'grid', gap: vars.space.xs })

export const works = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const workOption = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'center',
  width: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
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
  },
})

export const cover = style({
  width: vars.size.avatarXl,
  height: vars.size.avatarXl,
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  background: vars.artwork.dusk,
})

export const itemBody = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })

export const itemTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
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

export const statements = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
})

export const checkbox = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
})

export const fee = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(120deg, ${vars.color.accentSoft}, ${vars.color.surfaceRaised})`,
})

export const feeAmount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  fontFamily: vars.font.numeric,
  color: vars.color.accentText,
})

export const note = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
})

export const actions = style({
  display: 'flex',
  gap: vars.space.md,
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
})

export const cardGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.xl,
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})

export const thumbs = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const thumb = style({
  position: 'relative',
  width: vars.size.avatarXl,
  height: vars.size.avatarXl,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover' })
