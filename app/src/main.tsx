import { lightTheme } from '@gy/design-system'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, useRoutes } from 'react-router'
import { adoptCspNonce } from './cspNonce'
import { APP_ROUTES, preloadShellFor } from './routes/AppRoutes'

adoptCspNonce()
preloadShellFor(window.location.pathname, navigator.userAgent)

// The theme class sits on <html> so dialogs portalled into <body> share its tokens.
document.documentElement.classList.add(lightTheme)

function App() {
  return useRoutes(APP_ROUTES)
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
)
