import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '../../themes/vars.css'

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    paddingInline: vars.space.sm,
    paddingBlock: vars.space.xxs,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      neutral: { backgroundColor: vars.color.surfaceSunken, color: vars.color.textMuted },
      accent: { backgroundColor: vars.color.accentSoft, color: vars.color.accentText },
      success: { backgroundColor: vars.color.successSoft, color: vars.color.success },
      warning: { backgroundColor: vars.color.warningSoft, color: vars.color.warning },
      danger: { backgroundColor: vars.color.dangerSoft, color: vars.color.danger },
      info: { backgroundColor: vars.color.infoSoft, color: vars.color.info },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>
