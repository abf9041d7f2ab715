import { globalStyle, style } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { onWidePage } from '../private/pageWidth'
import { focusRing, visuallyHiddenRule } from '../private/styleRules'

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.header,
  '@supports': {
    '(backdrop-filter: blur(1px))': {
      backgroundColor: vars.color.scrim,
      backdropFilter: `saturate(1.6) blur(${vars.blur.lg})`,
    },
  },
})

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: vars.size.headerHeight,
  maxWidth: vars.size.container,
  margin: '0 auto',
  paddingLeft: vars.space.lg,
  paddingRight: vars.space.lg,
  selectors: { [onWidePage]: { maxWidth: vars.size.containerWide } },
  '@media': {
    [mediaQueries.tablet]: { gap: vars.space.xl },
    [mediaQueries.desktop]: {
      gap: vars.space.xxl,
      paddingLeft: vars.space.xl,
      paddingRight: vars.space.xl,
    },
  },
})

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.wide,
  whiteSpace: 'nowrap',
})

globalStyle(`${brand} a`, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
})

globalStyle(`${brand} a:focus-visible`, focusRing)

export const brandMark = style({
  fontSize: vars.size.brandMark,
  color: vars.color.accent,
  flexShrink: 0,
})

export const nav = style({
  flex: 1,
  minWidth: 0,
  // Narrow windows scroll the links sideways; the vertical padding keeps the active marker,
  // which hangs below the labels, inside the scroll box instead of clipped by it.
  overflowX: 'auto',
  paddingTop: vars.space.sm,
  paddingBottom: vars.space.sm,
  scrollbarWidth: 'none',
  '@media': {
    // On a phone the links run under the actions; fading the last one says there are more.
    [mediaQueries.belowTablet]: {
      maskImage: `linear-gradient(to right, black calc(100% - ${vars.space.xl}), transparent)`,
    },
  },
})

export const navList = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const navItem = style({
  position: 'relative',
  flexShrink: 0,
})

globalStyle(`${navItem} a`, {
  display: 'inline-flex',
  alignItems: 'center',
  height: vars.size.controlMd,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.full,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `color ${vars.motion.durationFast}, background-color ${vars.motion.durationFast}`,
})

globalStyle(`${navItem} a:hover`, {
  color: vars.color.text,
  backgroundColor: vars.color.surfaceHover,
})

globalStyle(`${navItem} a:focus-visible`, focusRing)

globalStyle(`${navItem}[data-active] a`, {
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
})

/** A short accent bar under the current page's label. */
export const activeMarker = style({
  position: 'absolute',
  left: '50%',
  bottom: `calc(-1 * ${vars.space.xs})`,
  width: vars.space.lg,
  height: vars.space.xs,
  marginLeft: `calc(-0.5 * ${vars.space.lg})`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  pointerEvents: 'none',
})

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
  marginLeft: 'auto',
})

export const userTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: vars.size.menuMinWidth,
  height: vars.size.controlMd,
  padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.durationFast}`,
  selectors: {
    '&:hover, &[data-state="open"]': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': focusRing,
  },
})

/** Holds the avatar without a box of its own, so the trigger's layout stays the avatar's. */
export const avatarSlot = style({ display: 'contents' })

/**
 * The nickname names the account menu's trigger (its label is its content, so what is seen is what
 * is said): on narrow windows only the avatar shows, and the nickname stays for screen readers.
 */
export const nickName = style({
  ...visuallyHiddenRule,
  '@media': {
    [mediaQueries.tablet]: {
      position: 'static',
      width: 'auto',
      height: 'auto',
      margin: 0,
      clip: 'auto',
      display: 'inline',
      minWidth: 0,
      textOverflow: 'ellipsis',
    },
  },
})

export const menuSuffix = style(visuallyHiddenRule)

export const chevron = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  fontSize: vars.size.iconSm,
  transition: `transform ${vars.motion.durationFast}`,
  selectors: {
    [`${userTrigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
})
