import { globalStyle, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const footer = style({
  marginTop: 'auto',
  backgroundColor: vars.color.surfaceSunken,
  borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
})

export const inner = style({
  maxWidth: vars.size.container,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.lg} ${vars.space.xl}`,
  '@media': {
    [mediaQueries.desktop]: { paddingLeft: vars.space.xl, paddingRight: vars.space.xl },
  },
})

export const top = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQueries.tablet]: {
      gridTemplateColumns: 'minmax(0, 1.4fr) repeat(auto-fit, minmax(0, 1fr))',
    },
  },
})

export const brand = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const brandName = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wide,
})

export const brandMark = style({
  fontSize: vars.size.brandMark,
  color: vars.color.accent,
})

export const tagline = style({
  color: vars.color.textMuted,
})

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const groupTitle = style({
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
})

export const linkList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const linkItem = style({})

globalStyle(`${linkItem} a`, {
  color: vars.color.textMuted,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  transition: `color ${vars.motion.durationFast}`,
})

globalStyle(`${linkItem} a:hover`, { color: vars.color.accentText })
globalStyle(`${linkItem} a:focus-visible`, focusRing)

export const contact = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
})

export const contactImage = style({
  width: vars.size.contactImage,
  height: vars.size.contactImage,
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

globalStyle(`${contactImage} img`, {
  width: '100%',
  height: '100%',
  objectFit: 'cover',
})

export const notes = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  // Small print still has to be read (the filing numbers): textSubtle is below 4.5:1 here.
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
})
