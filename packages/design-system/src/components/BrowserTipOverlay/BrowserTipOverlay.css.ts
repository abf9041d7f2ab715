import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { mediaQueries } from '../../themes/breakpoints'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

const nudge = keyframes({
  '0%, 100%': { transform: 'translate(0, 0)' },
  '50%': { transform: `translate(${vars.space.xxs}, calc(-1 * ${vars.space.xs}))` },
})

const base = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.mask,
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  padding: vars.space.lg,
  border: 0,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
})

/** WeChat: the page is dimmed and the way out is drawn towards the ··· menu in the corner. */
export const overlay = styleVariants({
  wechat: [
    base,
    {
      alignItems: 'flex-end',
      backgroundColor: vars.color.tipScrim,
      color: vars.color.tipText,
    },
  ],
  miui: [base, { alignItems: 'stretch', backgroundColor: vars.color.overlay }],
})

export const arrow = style({
  width: vars.size.iconXl,
  height: vars.size.iconXl,
  marginRight: vars.space.sm,
  color: vars.color.tipText,
  animation: `${nudge} 1.6s ${vars.motion.easeInOut} infinite`,
  '@media': { [mediaQueries.reducedMotion]: { animation: 'none' } },
})

export const wechatCopy = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  marginRight: vars.space.sm,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.body,
  textAlign: 'right',
})

export const menuDots = style({
  display: 'inline-block',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.accent,
  color: vars.color.accentContrast,
  fontWeight: vars.fontWeight.bold,
})

/** MIUI: a tip card near the top, like the system's own notices. */
export const tipCard = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
})

export const tipIcon = style({
  flexShrink: 0,
  fontSize: vars.size.iconMd,
  color: vars.color.info,
  marginTop: vars.space.xxs,
})

export const dismissHint = style({
  marginTop: 'auto',
  alignSelf: 'center',
  fontSize: vars.fontSize.sm,
})

/** MIUI's scrim is light enough to show the page: the hint sits on a pill of the tip scrim to read. */
export const miuiDismissHint = style({
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.tipScrim,
  color: vars.color.tipText,
})
