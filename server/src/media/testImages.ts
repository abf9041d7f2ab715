/**
 * Images for tests: real photos made with sharp, a real decompression bomb made without ever
 * holding its pixels, and headers rewritten to claim a size the data does not have.
 */
import { deflateRawSync, constants as zlibConstants } from 'node:zlib'
import sharp from 'sharp'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? (value >>> 1) ^ 0xedb88320 : value >>> 1
  return value >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const chunk = Buffer.alloc(8 + data.length + 4)
  chunk.writeUInt32BE(data.length, 0)
  typeAndData.copy(chunk, 4)
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length)
  return chunk
}

/**
 * A valid RGBA PNG of `width` × `height` transparent black pixels whose IDAT is as small as
 * deflate allows (about 1/1030 of the pixels): at 30000 × 30000 a 3.5 MB file that decodes to
 * 3.6 GB, the probe's bomb. Built from one deflate block of zeros repeated (each ends with a full
 * flush, so each starts afresh) and the Adler-32 of all zeros, never holding the pixels.
 */
export function decompressionBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per sample
  header[9] = 6 // RGBA
  // Each row: filter type 0, then its pixels, all zero.
  const rawLength = height * (1 + width * 4)
  const pieceLength = 1 << 20
  const whole = Math.floor(rawLength / pieceLength)
  const piece = deflateRawSync(Buffer.alloc(pieceLength), {
    level: 9,
    finishFlush: zlibConstants.Z_FULL_FLUSH,
  })
  const last = deflateRawSync(Buffer.alloc(rawLength - whole * pieceLength), { level: 9 })
  // Adler-32 of n zero bytes: the low sum stays 1, the high sum is n.
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE((((rawLength % 65521) << 16) | 1) >>> 0)
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: whole }, () => piece),
    last,
    adler,
  ])
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', new Uint8Array()),
  ])
}

/**
 * `png` made exactly `length` bytes long by a private ancillary chunk before its end (decoders
 * skip it): a real image of any size, for the upload limit.
 */
export function paddedPng(png: Uint8Array, length: number): Buffer {
  const end = png.length - 12 // IEND: length, type, CRC
  const padding = pngChunk('prVt', new Uint8Array(length - png.length - 12))
  return Buffer.concat([png.subarray(0, end), padding, png.subarray(end)])
}

/**
 * A photo-like JPEG (a gradient with a few shapes) carrying EXIF a browser should never get: the
 * camera's owner and a GPS position.
 */
export async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="#c86428"/>` +
    `<stop offset="1" stop-color="#2864c8"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#f0e0a0"/></svg>`
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: '张三', Copyright: '张三的相机' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 32/1 0/1' },
    })
    .toBuffer()
}

/** A PNG of one colour, with an alpha channel when `alpha` is under 1. */
export function flatPng(width: number, height: number, alpha = 1): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: alpha < 1 ? 4 : 3,
      background: { r: 40, g: 160, b: 90, alpha },
    },
  })
    .png()
    .toBuffer()
}

/** A lossy WebP of one colour. */
export function flatWebp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3050a0' } })
    .webp()
    .toBuffer()
}

/** `jpeg` with the size in its frame header (SOFn) rewritten: the pixel data stays as it was. */
export function jpegClaiming(jpeg: Uint8Array, width: number, height: number): Buffer {
  const bytes = Buffer.from(jpeg)
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('Not a JPEG marker')
    const marker = bytes[at + 1] ?? 0
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
    if (isFrame) {
      bytes.writeUInt16BE(height, at + 5)
      bytes.writeUInt16BE(width, at + 7)
      return bytes
    }
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  throw new Error('No frame header')
}

/** A simple lossy WebP (`VP8 `) with the size in its frame header rewritten (14 bits a side). */
export function webpClaiming(webp: Uint8Array, width: number, height: number): Buffer {
  const bytes = Buffer.from(webp)
  if (bytes.toString('latin1', 12, 16) !== 'VP8 ') throw new Error('Not a simple lossy WebP')
  // RIFF header (12), chunk header (8), frame tag (3), start code (3): then width and height.
  bytes.writeUInt16LE(width & 0x3fff, 26)
  bytes.writeUInt16LE(height & 0x3fff, 28)
  return bytes
}
