/** The contract's signing secret, injected by Vite at build time (see vite.config.ts). */
declare const __GY_SIGN_SECRET__: string
