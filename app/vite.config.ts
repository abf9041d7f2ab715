import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The signing secret is given to the web build at build time (CONTRACT.md); the development
// default matches the server's.
const signSecret = process.env.SIGN_SECRET ?? 'gy-music-dev-secret'
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
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
  },
})
