// subset-font ships no types; this is the one call the certificate makes.
declare module 'subset-font' {
  // The library's own default export, described here; our modules still export by name.
  // eslint-disable-next-line no-restricted-syntax
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2' },
  ): Promise<Buffer>
}
