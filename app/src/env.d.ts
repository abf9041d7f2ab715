/** The contract's signing secret, injected by Vite at build time (see vite.config.ts). */
declare const __GY_SIGN_SECRET__: string

/** hls.js publishes its light build without types of its own; it has the full build's API. */
declare module 'hls.js/light' {
  import Hls from 'hls.js'
  // The module's own shape: hls.js exports its player class as the default.
  // eslint-disable-next-line no-restricted-syntax
  export default Hls
}
