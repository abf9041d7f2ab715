import { style } from '@vanilla-extract/css'
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '../../themes/vars.css'
import { focusRing } from '../private/styleRules'

export const button = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    flexShrink: 0,
    border: `${vars.borderWidth.thin} solid transparent`,
    borderRadius: vars.radius.full,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    letterSpacing: vars.letterSpacing.normal,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow, transform',
    transitionDuration: vars.motion.durationFast,
    transitionTimingFunction: vars.motion.easeOut,
    selectors: {
      '&:focus-visible': focusRing,
      '&:active:not(:disabled):not([data-loading])': { transform: 'scale(0.98)' },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.48 },
      '&[data-loading]': { cursor: 'progress', opacity: 1 },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.accent,
        color: vars.color.accentContrast,
        boxShadow: vars.shadow.sm,
        selectors: {
          '&:hover:not(:disabled):not([data-loading])': { backgroundColor: vars.color.accentHover },
          '&:active:not(:disabled):not([data-loading])': {
            backgroundColor: vars.color.accentActive,
          },
        },
      },
      secondary: {
        backgroundColor: vars.color.surfaceRaised,
        borderColor: vars.color.borderStrong,
        color: vars.color.text,
        selectors: {
          '&:hover:not(:disabled):not([data-loading])': {
            borderColor: vars.color.accent,
            color: vars.color.accentText,
          },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&:hover:not(:disabled):not([data-loading])': {
            backgroundColor: vars.color.surfaceHover,
          },
        },
      },
      text: {
        backgroundColor: 'transparent',
        color: vars.color.accentText,
        paddingLeft: vars.space.xxs,
        paddingRight: vars.space.xxs,
        selectors: {
          '&:hover:not(:disabled):not([data-loading])': { textDecoration: 'underline' },
        },
      },
    },
    size: {
      sm: {
        minHeight: vars.size.controlSm,
        paddingLeft: vars.space.md,
        paddingRight: vars.space.md,
        fontSize: vars.fontSize.sm,
      },
      md: {
        minHeight: vars.size.controlMd,
        paddingLeft: vars.space.lg,
        paddingRight: vars.space.lg,
        fontSize: vars.fontSize.sm,
      },
      lg: {
        minHeight: vars.size.controlLg,
        paddingLeft: vars.space.xl,
        paddingRight: vars.space.xl,
        fontSize: vars.fontSize.md,
      },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  compoundVariants: [
    // Text buttons sit inline with prose, so they drop the control height and padding.
    { variants: { variant: 'text', size: 'sm' }, style: { minHeight: 0, padding: 0 } },
    { variants: { variant: 'text', size: 'md' }, style: { minHeight: 0, padding: 0 } },
    { variants: { variant: 'text', size: 'lg' }, style: { minHeight: 0, padding: 0 } },
  ],
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
})

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>

/** While loading the label keeps its space (so the button does not jump) but is not seen. */
export const label = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  selectors: {
    '[data-loading] > &': { visibility: 'hidden' },
  },
})

export const spinner = style({
  position: 'absolute',
  inset: 0,
  margin: 'auto',
})
