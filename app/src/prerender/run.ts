// Run by `npm run build -w app` after the client and prerender builds, with the client build's
// folder (dist) as its argument: writes dist/prerendered/.
import { prerenderPages } from './prerenderPages'

const distDir = process.argv[2]
if (!distDir) throw new Error('usage: node dist/.prerender/run.js <dist folder>')
await prerenderPages(distDir)
