import { lightTheme } from '@gy/design-system'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter, useRoutes } from 'react-router'
import { adoptCspNonce } from './cspNonce'
import { APP_ROUTES, preloadShellFor } from './routes/AppRoutes'

adoptCspNonce()
const shellLoaded = preloadShellFor(window.location.pathname, navigator.userAgent)

// The theme class sits on <html> so dialogs portalled into <body> share its tokens.
document.documentElement.classList.add(lightTheme)

function App() {
  return useRoutes(APP_ROUTES)
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
)

if (container.hasChildNodes()) {
  // The server sent this page's first screen already rendered (src/prerender): React adopts those
  // elements as its own instead of painting them again. It starts once the shell's and the page's
  // code has arrived (the page's head preloads it), so the whole screen is adopted in one pass: a
  // part still waiting for its code when the shell's state changes would be thrown away and
  // painted again. As a transition the work is cut into short tasks, so a tap is answered meanwhile.
  void shellLoaded.then(() =>
    startTransition(() => {
      hydrateRoot(container, app)
    }),
  )
} else {
  createRoot(container).render(app)
}
