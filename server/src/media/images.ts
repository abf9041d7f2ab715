/**
 * Uploaded pictures (covers, avatars, certification photos, vote images), made safe to keep and
 * to show. An image's size is read from its header first, and one of more than
 * `IMAGE_MAX_PIXELS` is refused before a pixel of it is decoded: a 3.5 MB PNG can say it is
 * 30000×30000, 3.6 GB once decoded (a decompression bomb), and would take the server, or the
 * browser it is sent to, down with it. What is kept is never the upload itself but a
 * re-encoding: turned upright, no larger than a bound on its long side, its metadata (EXIF with
 * the camera and GPS position, XMP, comments, the ICC profile once applied) dropped. So browsers
 * are only ever sent bytes the server made.
 *
 * Decoding runs on libuv's thread pool through sharp (libvips), never on the event loop.
 */
import { MESSAGES } from '@gy/api/messages'
import sharp, { type Sharp } from 'sharp'
import { EnvelopeError } from '../http/envelopeError'
import type { FileStorage, StorageKey } from '../storage/fileStorage'
import { CONTENT_TYPES } from './contentType'

/** The most pixels (width × height) an uploaded image may have: 40 megapixels. */
export const IMAGE_MAX_PIXELS = 40_000_000

/**
 * The long side of every uploaded image as stored. One upload serves every use, so this suits
 * the largest: a cover shown up to about 600 CSS pixels wide on a 2.5× screen, and a
 * certification photo a reviewer must be able to read a face (or a held-up document) in.
 */
export const IMAGE_MAX_SIDE = 1600

/** The long side of an avatar, served publicly and shown at most about 200 CSS pixels wide. */
export const AVATAR_MAX_SIDE = 512

// Every image is decoded once: the cache would only keep decoded pixels alive.
sharp.cache(false)

/** Quality of the JPEG and WebP encodings: no visible loss at the sizes shown. */
const QUALITY = 85

export type ImageContentType =
  typeof CONTENT_TYPES.jpeg | typeof CONTENT_TYPES.png | typeof CONTENT_TYPES.webp

export interface ImageSize {
  width: number
  height: number
}

export interface EncodedImage extends ImageSize {
  bytes: Uint8Array
  contentType: ImageContentType
}

function unreadable(): EnvelopeError {
  return new EnvelopeError('400', MESSAGES.imageUnreadable)
}

interface ImageHeader extends ImageSize {
  format: 'jpeg' | 'png' | 'webp'
  hasAlpha: boolean
  /** EXIF, XMP, IPTC, an ICC profile or comments: anything a re-encoding would drop. */
  hasMetadata: boolean
}

/**
 * What the image's header says, read without decoding a pixel (PNG IHDR, JPEG SOFn, WebP VP8,
 * VP8L and VP8X); null for bytes that are not a JPEG, PNG or WebP with a readable header.
 */
async function headerOf(bytes: Uint8Array): Promise<ImageHeader | null> {
  try {
    // No pixel limit here: the header of a bomb must be read to be refused as one.
    const header = await sharp(bytes, { limitInputPixels: false }).metadata()
    const { format, width, height } = header
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') return null
    if (!(width > 0 && height > 0)) return null
    const hasMetadata = [header.exif, header.xmp, header.iptc, header.icc, header.comments].some(
      (part) => part !== undefined && part.length > 0,
    )
    return { format, width, height, hasAlpha: header.hasAlpha, hasMetadata }
  } catch {
    return null
  }
}

/**
 * The header of an image that may be decoded: refused with 400 when it cannot be read, or when it
 * says the image has more than `IMAGE_MAX_PIXELS`.
 */
async function acceptableHeaderOf(bytes: Uint8Array): Promise<ImageHeader> {
  const header = await headerOf(bytes)
  if (header === null) throw unreadable()
  if (header.width * header.height > IMAGE_MAX_PIXELS) {
    throw new EnvelopeError('400', MESSAGES.imageTooManyPixels)
  }
  return header
}

/** The size an image's header states, without decoding it; null when it has no readable one. */
export async function imageSizeOf(bytes: Uint8Array): Promise<ImageSize | null> {
  const header = await headerOf(bytes)
  return header === null ? null : { width: header.width, height: header.height }
}

/**
 * The encoding an image is kept in: a JPEG stays a JPEG and a WebP a WebP; a PNG stays a PNG when
 * it has transparency to keep, and is otherwise (a photo or a screenshot) a far smaller JPEG.
 */
function encode(pipeline: Sharp, header: ImageHeader): [Sharp, ImageContentType] {
  if (header.format === 'webp') return [pipeline.webp({ quality: QUALITY }), CONTENT_TYPES.webp]
  if (header.format === 'png' && header.hasAlpha) return [pipeline.png(), CONTENT_TYPES.png]
  return [pipeline.jpeg({ quality: QUALITY }), CONTENT_TYPES.jpeg]
}

/**
 * `bytes` (a JPEG, PNG or WebP) re-encoded no larger than `maxSide` on either side, upright, with
 * no metadata. Refused with 400 (`EnvelopeError`) when the header says it has more than
 * `IMAGE_MAX_PIXELS` (nothing is decoded then) or when it cannot be decoded; an animated WebP
 * keeps its first frame.
 */
export async function boundedImage(bytes: Uint8Array, maxSide: number): Promise<EncodedImage> {
  const header = await acceptableHeaderOf(bytes)
  const source = sharp(bytes, {
    // The header was checked; this holds even if the decoder comes to see another size.
    limitInputPixels: IMAGE_MAX_PIXELS,
    // Pixel data that fails to decode or is cut off is refused; mere decoder warnings (which
    // photos from real cameras often cause) are not.
    failOn: 'error',
    autoOrient: true,
  }).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
  const [pipeline, contentType] = encode(source, header)
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType,
      width: info.width,
      height: info.height,
    }
  } catch {
    throw unreadable()
  }
}

/**
 * The key of the avatar made from the stored image under `key`: the image itself when it already
 * fits `AVATAR_MAX_SIDE` and carries no metadata (every upload is re-encoded, so most small ones
 * do), otherwise a re-encoding stored beside it. An image stored before uploads were re-encoded
 * goes through the same checks, a bomb among them refused with 400.
 */
export async function avatarKeyOf(storage: FileStorage, key: StorageKey): Promise<StorageKey> {
  const bytes = await storage.readAll(key)
  const header = await acceptableHeaderOf(bytes)
  const fits = Math.max(header.width, header.height) <= AVATAR_MAX_SIDE
  if (fits && !header.hasMetadata) return key
  const avatar = await boundedImage(bytes, AVATAR_MAX_SIDE)
  return (await storage.put(avatar.bytes, avatar.contentType)).key
}
