import { style } from '@vanilla-extract/css'

/** The card is a list item in the app; the story keeps the list without its bullets. */
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 })
