/**
 * A wide page (a dense grid: the store, the AI zone) widens the header and footer with it, so their
 * edges line up with the page's. The page marks itself with this attribute; the shell's bars match
 * it with `:has()`, which needs no state shared between the page and the shell.
 */
export const pageWidthAttribute = 'data-page-width'

export const onWidePage = `body:has([${pageWidthAttribute}="wide"]) &`
