import { vars } from '@gy/design-system'
import { style } from '@vanilla-extract/css'

/** The width a story shows a component at: a card column, or a page's option list. */
export const cardColumn = style({ width: `calc(2 * ${vars.size.cardMinWidth})` })
export const listColumn = style({ maxWidth: vars.size.containerNarrow })
