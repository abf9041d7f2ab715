import { vars } from '@gy/design-system'
import { globalStyle, style } from '@vanilla-extract/css'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xl}`,
})

/** The brand card: the promise in one line, and the way in. */
export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  color: vars.color.accentContrast,
  backgroundColor: vars.color.brandArtStart,
  backgroundImage: [
    `radial-gradient(circle at 90% 10%, ${vars.color.brandArtGlow} 0%, transparent 50%)`,
    `linear-gradient(150deg, ${vars.color.brandArtStart} 10%, ${vars.color.brandArtEnd} 120%)`,
  ].join(', '),
})

export const heroTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  letterSpacing: vars.letterSpacing.wide,
})

export const heroText = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  opacity: 0.9,
})

export const heroAction = style({ alignSelf: 'flex-start', marginTop: vars.space.xs })

export const entries = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const entry = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:focus-visible': { outline: `${vars.borderWidth.focus} solid ${vars.color.focusRing}` },
  },
})

export const entryIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.controlLg,
  height: vars.size.controlLg,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.size.iconMd,
})

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const sectionHead = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
})

export const sectionMore = style({
  display: 'inline-flex',
  alignItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
})

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const workList = style({ margin: 0, padding: 0, listStyle: 'none' })

export const workRow = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.avatarLg} 1fr auto`,
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
})

export const workLink = style({
  display: 'contents',
  color: 'inherit',
  textDecoration: 'none',
})

export const thumb = style({
  width: vars.size.avatarLg,
  height: vars.size.avatarLg,
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  backgroundImage: `linear-gradient(150deg, ${vars.color.brandArtStart}, ${vars.color.brandArtEnd})`,
})

export const workText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 })

export const workTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const workArtist = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const rowPlay = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.controlMd,
  height: vars.size.controlMd,
  padding: 0,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.accentText,
  fontSize: vars.size.iconSm,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      backgroundColor: vars.color.accent,
      borderColor: vars.color.accent,
      color: vars.color.accentContrast,
    },
  },
})

/** AI picks scroll sideways, cover first, as music apps show playlists. */
export const shelf = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '40%',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  overflowX: 'auto',
  listStyle: 'none',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
})

export const shelfItem = style({ scrollSnapAlign: 'start' })

export const shelfLink = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  color: 'inherit',
  textDecoration: 'none',
})

export const shelfCover = style({
  width: '100%',
  aspectRatio: '1',
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  backgroundImage: `linear-gradient(150deg, ${vars.color.brandArtEnd}, ${vars.color.brandArtStart})`,
})

export const center = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingTop: vars.space.lg,
  borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  textAlign: 'center',
})

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: `${vars.space.xxs} ${vars.space.md}`,
})

globalStyle(`${footerLinks} a`, { color: vars.color.textMuted, textDecoration: 'none' })

export const contactImage = style({
  width: vars.size.contactImage,
  height: vars.size.contactImage,
  borderRadius: vars.radius.sm,
})

export const shareBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: `${vars.space.md} ${vars.space.md} 0`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.accentSoft,
})

export const shareActions = style({ display: 'flex', gap: vars.space.xs })

export const downloadHero = style([
  hero,
  { alignItems: 'center', textAlign: 'center', paddingBlock: vars.space.xxl },
])

export const downloadMark = style({
  fontSize: vars.size.avatarLg,
  color: vars.color.accentContrast,
})

export const downloadButtons = style({
  display: 'flex',
  flexDirection: 'column',
  alignSelf: 'stretch',
  gap: vars.space.sm,
  marginTop: vars.space.md,
})

export const featureList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const featureItem = style({
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
})

export const featureTitle = style({
  margin: `0 0 ${vars.space.xxs}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
})
