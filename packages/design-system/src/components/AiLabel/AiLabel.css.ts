import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '../../themes/vars.css'

/**
 * The AI-generated label: a small pill in the accent's soft tint. Its background is opaque, so it
 * stays legible when it sits on cover art.
 */
export const label = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    flexShrink: 0,
    border: `${vars.borderWidth.thin} solid ${vars.color.accentSoft}`,
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.accentSoft,
    color: vars.color.accentText,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    letterSpacing: vars.letterSpacing.normal,
    whiteSpace: 'nowrap',
    userSelect: 'none',
    cursor: 'help',
  },
  variants: {
    size: {
      small: {
        paddingInline: vars.space.xs,
        paddingBlock: vars.space.none,
        fontSize: vars.fontSize.xs,
      },
      medium: {
        paddingInline: vars.space.sm,
        paddingBlock: vars.space.xxs,
        fontSize: vars.fontSize.sm,
      },
    },
  },
  defaultVariants: { size: 'small' },
})

export type AiLabelVariants = NonNullable<RecipeVariants<typeof label>>
