import { mediaQueries, vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: vars.size.heroMinHeight,
  color: vars.color.textMuted,
})

// The profile beside the points on wide screens, one above the other on phones: the page uses
// the container's width instead of a narrow column on the left.
export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  marginBottom: vars.space.xxl,
  '@media': {
    [mediaQueries.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
  },
})

export const card = style({
  display: 'grid',
  gap: vars.space.xl,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  background: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
})

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.heading,
})

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space.xl,
  rowGap: vars.space.sm,
  margin: 0,
  color: vars.color.text,
})

globalStyle(`${facts} dt`, { color: vars.color.textMuted })
globalStyle(`${facts} dd`, { margin: 0 })

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  maxWidth: vars.size.fieldMaxWidth,
})

export const points = style({
  '@media': {
    [mediaQueries.desktop]: {
      position: 'sticky',
      top: `calc(${vars.size.headerHeight} + ${vars.space.lg})`,
    },
  },
})

export const pointsActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})

export const avatarChanger = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' })

export const hiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
})

export const cropArea = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' })

export const cropPreview = style({
  width: vars.size.avatarXl,
  height: vars.size.avatarXl,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
  boxShadow: vars.shadow.sm,
})

export const zoom = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const cropActions = style({ display: 'flex', gap: vars.space.sm })

export const avatarError = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
})

// Mobile branch: the quiet way to the account-cancellation notice.
export const cancellation = style({
  display: 'flex',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})
