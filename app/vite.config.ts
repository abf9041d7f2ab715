import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

// The signing secret is given to the web build at build time (CONTRACT.md); the development
// default matches the server's.
const signSecret = process.env.SIGN_SECRET ?? 'gy-music-dev-secret'
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

/** Text assets worth compressing: below this size the encoding costs more than it saves. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/
const MIN_COMPRESSED_BYTES = 1024

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built text asset, once at build time,
 * so the server sends them as they are (@fastify/static's preCompressed) instead of the full-size
 * files, which a phone on a slow link otherwise downloads byte for byte.
 */
function precompressAssets(): Plugin {
  let outDir = ''
  return {
    name: 'gy-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName))
      await Promise.all(
        files.map(async (fileName) => {
          const filePath = path.join(outDir, fileName)
          const source = await readFile(filePath)
          if (source.length < MIN_COMPRESSED_BYTES) return
          const [brotli, gzipped] = await Promise.all([
            promisify(brotliCompress)(source, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
            }),
            promisify(gzip)(source, { level: 9 }),
          ])
          await Promise.all([
            writeFile(`${filePath}.br`, brotli),
            writeFile(`${filePath}.gz`, gzipped),
          ])
        }),
      )
    },
  }
}

/**
 * The modules of the first screens, in four files instead of two dozen: left to itself the
 * bundler gives each module shared by two lazy pages its own chunk, and a phone on a slow network
 * pays a round trip for each before it can paint and start (Lighthouse counted 24 scripts for
 * /m/home). `shared`, `framework` and `core` are what every page loads; `mobile` is the phone shell's.
 */
const FIRST_SCREEN_MODULES: Record<string, (string | ((path: string) => boolean))[]> = {
  // What the public verification page (verify.html, no React) shares with the app: its own file.
  shared: [
    'packages/api/src/constants.ts',
    'packages/api/src/signing.ts',
    'packages/design-system/src/themes/',
    // The design system's style sheets: verify.html loads them with the themes.
    (path) => path.includes('packages/design-system/src/') && path.endsWith('.vanilla.css'),
  ],
  framework: [
    'node_modules/react/',
    'node_modules/react-dom/',
    'node_modules/scheduler/',
    'node_modules/react-router/',
    'node_modules/clsx/',
    'node_modules/crypto-js/',
    'node_modules/@radix-ui/react-slot/',
    'node_modules/@radix-ui/react-compose-refs/',
  ],
  core: [
    'packages/api/src/messages.ts',
    'packages/api/src/sign.ts',
    'packages/api/src/errors.ts',
    'packages/api/src/storage.ts',
    'packages/api/src/client.ts',
    'packages/api/src/index.ts',
    'packages/api/src/services/userServer.ts',
    'packages/api/src/services/works.ts',
    'packages/design-system/src/strings.ts',
    'packages/design-system/src/components/Spinner/',
    'packages/design-system/src/components/Button/',
    'packages/design-system/src/components/EmptyState/',
    'packages/design-system/src/components/PageContainer/',
    'packages/design-system/src/components/PlaceholderPage/',
    'packages/design-system/src/components/private/',
    'app/src/strings.ts',
    'app/src/providers/sessionStore.ts',
    'app/src/providers/toastStore.ts',
    'app/src/providers/createAppRuntime.ts',
    'app/src/providers/openApp.ts',
    'app/src/providers/useAppLinks.ts',
    'app/src/providers/useAppSettings.ts',
    'app/src/providers/useApiData.ts',
    'app/src/providers/usePlayWork.ts',
    'app/src/shells/shell.css',
    'app/src/shells/PageFallback.tsx',
    'app/src/shells/useOnceTrue.ts',
    'app/src/shells/LazyHosts.tsx',
    'app/src/shells/useRouteEffects.ts',
  ],
  mobile: [
    'app/src/strings.mobile.ts',
    'app/src/features/mobile/mobile.css',
    'app/src/features/mobile/MobileIcons.tsx',
    'packages/design-system/src/components/OpenAppBar/',
    'packages/design-system/src/components/BrowserTipOverlay/',
  ],
}
const FIRST_SCREEN_GROUPS = Object.entries(FIRST_SCREEN_MODULES).map(([name, members], index) => ({
  name,
  test: (id: string) => {
    const path = id.replaceAll('\\', '/')
    return members.some((member) =>
      typeof member === 'string' ? path.includes(member) : member(path),
    )
  },
  // In the order listed: a module two groups would take goes to the first.
  priority: 100 - index,
}))

export default defineConfig(({ command, isSsrBuild }) => {
  // Vite builds React's development bundle (half as large again, with jsxDEV) whenever the shell
  // has NODE_ENV set to anything but production, which many shells and CI images do. The build
  // is what `npm start` serves, so it is always the production one; Vite reads NODE_ENV again
  // after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production'
  if (isSsrBuild) {
    // `vite build --ssr`: the first screens prerendered into dist/prerendered/ (src/prerender),
    // built beside the client build it reads; dot folders are never served.
    return {
      plugins: [react(), vanillaExtractPlugin()],
      define: { __GY_SIGN_SECRET__: JSON.stringify(signSecret) },
      publicDir: false,
      build: {
        outDir: 'dist/.prerender',
        emptyOutDir: false,
        rollupOptions: { input: new URL('src/prerender/run.ts', import.meta.url).pathname },
      },
    }
  }
  return {
    plugins: [react(), vanillaExtractPlugin(), precompressAssets()],
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
      // dist/.vite/manifest.json: the bench follows it to the chunks /home loads (scripts/bench/web.ts).
      manifest: true,
      // Every browser the app supports preloads modules itself; the polyfill was one more request.
      modulePreload: { polyfill: false },
      // Two pages: the app, and the public verification page with its own small bundle.
      rollupOptions: {
        output: { codeSplitting: { groups: FIRST_SCREEN_GROUPS } },
        input: {
          main: new URL('index.html', import.meta.url).pathname,
          verify: new URL('verify.html', import.meta.url).pathname,
        },
      },
    },
  }
})
