import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The signing secret is given to the web build at build time (CONTRACT.md); the development
// default matches the server's.
const signSecret = process.env.SIGN_SECRET ?? 'gy-music-dev-secret'
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig(({ command }) => {
  // Vite builds React's development bundle (half as large again, with jsxDEV) whenever the shell
  // has NODE_ENV set to anything but production, which many shells and CI images do. The build
  // is what `npm start` serves, so it is always the production one; Vite reads NODE_ENV again
  // after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production'
  return {
    plugins: [react(), vanillaExtractPlugin()],
    define: {
      __GY_SIGN_SECRET__: JSON.stringify(signSecret),
    },
    server: {
      port: 5173,
      proxy: { '/api': apiTarget, '/files': apiTarget, '/healthz': apiTarget },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      // Two pages: the app, and the public verification page with its own small bundle.
      rollupOptions: {
        input: {
          main: new URL('index.html', import.meta.url).pathname,
          verify: new URL('verify.html', import.meta.url).pathname,
        },
      },
    },
  }
})
