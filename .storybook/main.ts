import type { StorybookConfig } from '@storybook/react-vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'

/** One Storybook for the design system, the app's composed views and the machines' charts. */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [
    '../packages/design-system/src/stories/*.mdx',
    '../packages/**/*.stories.tsx',
    '../app/src/**/*.stories.tsx',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  core: { disableTelemetry: true },
  typescript: {
    // The fast default: react-docgen-typescript would run the TypeScript compiler over every
    // component on two shared cores, and the stories declare their controls explicitly anyway.
    reactDocgen: 'react-docgen',
  },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite')
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      // The app's runtime reads this build-time constant (see app/vite.config.ts); stories of app
      // views that import the runtime need it too. Stories never sign real requests.
      define: {
        __GY_SIGN_SECRET__: JSON.stringify(process.env.SIGN_SECRET ?? 'gy-music-dev-secret'),
      },
    })
  },
}

export default config
