/** The few parts of s3rver (an S3-protocol server for tests; it ships no types) the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
  }
  // The package's own shape: CommonJS `module.exports = S3rver` is a default export to TypeScript.
  // eslint-disable-next-line no-restricted-syntax
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
