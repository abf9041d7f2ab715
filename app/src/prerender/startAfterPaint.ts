/**
 * The only script a prerendered page (./prerenderPages.tsx) loads from its head. The page's HTML
 * is its first screen, so the app's scripts are not needed to paint it: this starts them once the
 * screen is on the glass. On a phone's link the browser otherwise fetches, compiles and runs all
 * of them before that first paint, which is what a visitor waits for. The entry and the chunks it
 * would have preloaded are named in the page's `<meta name="gy-app-scripts">`, entry first.
 * It imports nothing, so it arrives as one small file.
 */
const APP_SCRIPTS_META = 'meta[name="gy-app-scripts"]'

function startApp(): void {
  const [entry, ...chunks] =
    document.querySelector<HTMLMetaElement>(APP_SCRIPTS_META)?.content.split(' ') ?? []
  if (!entry) return
  const elements = chunks.map((href) => {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    return link
  })
  const script = document.createElement('script')
  script.type = 'module'
  script.crossOrigin = ''
  script.src = entry
  document.head.append(...elements, script)
}

// requestAnimationFrame runs just before the next paint and the timer just after it. A tab opened
// in the background paints nothing until it is shown, so there the app starts at once.
if (document.visibilityState === 'hidden') startApp()
else requestAnimationFrame(() => setTimeout(startApp, 0))
