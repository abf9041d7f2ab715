import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MESSAGES } from '@gy/api/messages'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvelopeError } from '../http/envelopeError'
import { LocalDiskStorage } from '../storage/localDiskStorage'
import {
  AVATAR_MAX_SIDE,
  avatarKeyOf,
  boundedImage,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  imageSizeOf,
} from './images'
import {
  cameraJpeg,
  decompressionBombPng,
  flatPng,
  flatWebp,
  jpegClaiming,
  webpClaiming,
} from './testImages'

/** The refusal `promise` ends with: its code and message. */
async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof EnvelopeError)) throw new Error(`Not refused: ${String(error)}`)
  return { code: error.code, message: error.message }
}

const tooManyPixels = { code: '400', message: MESSAGES.imageTooManyPixels }
const unreadable = { code: '400', message: MESSAGES.imageUnreadable }

describe('image headers and their limit', () => {
  it('builds bombs that are real PNGs (a small one decodes to its size)', async () => {
    const small = decompressionBombPng(300, 200)
    const { info } = await sharp(small).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ width: 300, height: 200, channels: 4 })
  })

  it('refuses the probe’s 30000×30000 PNG from its header, quickly, decoding nothing', async () => {
    const bomb = decompressionBombPng(30000, 30000)
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024)
    expect(await imageSizeOf(bomb)).toEqual({ width: 30000, height: 30000 })
    const started = performance.now()
    expect(await refusalOf(boundedImage(bomb, IMAGE_MAX_SIDE))).toEqual(tooManyPixels)
    // Decoding 3.6 GB would take minutes (or the process); reading a header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('reads JPEG and WebP sizes from their frame headers, and refuses those over the limit', async () => {
    const jpeg = jpegClaiming(await cameraJpeg(64, 48), 8000, 6000)
    expect(await imageSizeOf(jpeg)).toEqual({ width: 8000, height: 6000 })
    expect(await refusalOf(boundedImage(jpeg, IMAGE_MAX_SIDE))).toEqual(tooManyPixels)
    const webp = webpClaiming(await flatWebp(64, 48), 16000, 12000)
    expect(await imageSizeOf(webp)).toEqual({ width: 16000, height: 12000 })
    expect(await refusalOf(boundedImage(webp, IMAGE_MAX_SIDE))).toEqual(tooManyPixels)
  })

  it('draws the line at exactly 40 megapixels', async () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000)
    // Real, valid PNGs: 8000×5000 is decoded (and shrunk), one row more is refused.
    const atLimit = await boundedImage(decompressionBombPng(8000, 5000), 100)
    expect(atLimit).toMatchObject({ contentType: 'image/png', width: 100, height: 63 })
    expect(await refusalOf(boundedImage(decompressionBombPng(8000, 5001), 100))).toEqual(
      tooManyPixels,
    )
  })

  it('refuses what has no readable header or cannot be decoded', async () => {
    const signatureOnly = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])
    expect(await imageSizeOf(signatureOnly)).toBeNull()
    expect(await refusalOf(boundedImage(signatureOnly, IMAGE_MAX_SIDE))).toEqual(unreadable)
    const photo = await cameraJpeg(640, 480)
    const cut = photo.subarray(0, Math.floor(photo.length / 2))
    expect(await refusalOf(boundedImage(cut, IMAGE_MAX_SIDE))).toEqual(unreadable)
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    expect(await refusalOf(boundedImage(svg, IMAGE_MAX_SIDE))).toEqual(unreadable)
  })
})

describe('boundedImage', () => {
  it('makes a 3000×2000 camera JPEG a 1600×1067 JPEG without its EXIF', async () => {
    const photo = await cameraJpeg(3000, 2000)
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const image = await boundedImage(photo, IMAGE_MAX_SIDE)
    expect(image).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1067 })
    const stored = await sharp(image.bytes).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 })
    expect([stored.exif, stored.xmp, stored.iptc, stored.icc]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(Buffer.from(image.bytes).includes('张三')).toBe(false)
  })

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    const sideways = await sharp(await cameraJpeg(300, 200))
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect(await boundedImage(sideways, 1000)).toMatchObject({ width: 200, height: 300 })
  })

  it('keeps PNG for transparency and WebP as WebP; an opaque PNG becomes a JPEG', async () => {
    const clear = await boundedImage(await flatPng(2400, 1200, 0.5), IMAGE_MAX_SIDE)
    expect(clear).toMatchObject({ contentType: 'image/png', width: 1600, height: 800 })
    expect((await sharp(clear.bytes).metadata()).hasAlpha).toBe(true)
    const opaque = await boundedImage(await flatPng(1200, 2400), IMAGE_MAX_SIDE)
    expect(opaque).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 1600 })
    const webp = await boundedImage(await flatWebp(2000, 2000), AVATAR_MAX_SIDE)
    expect(webp).toMatchObject({ contentType: 'image/webp', width: 512, height: 512 })
  })

  it('never enlarges, and re-encodes the same bytes the same way (so they are stored once)', async () => {
    const small = await cameraJpeg(120, 80)
    const first = await boundedImage(small, IMAGE_MAX_SIDE)
    expect(first).toMatchObject({ width: 120, height: 80 })
    const second = await boundedImage(small, IMAGE_MAX_SIDE)
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true)
  })
})

describe('avatarKeyOf', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'gy-images-'))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('stores a 512-pixel avatar of a larger image, and uses a small clean one as it is', async () => {
    const storage = new LocalDiskStorage(root)
    const cover = await boundedImage(await cameraJpeg(3000, 2000), IMAGE_MAX_SIDE)
    const coverKey = (await storage.put(cover.bytes, cover.contentType)).key
    const avatarKey = await avatarKeyOf(storage, coverKey)
    expect(avatarKey).not.toBe(coverKey)
    expect(await storage.stat(avatarKey)).toMatchObject({ contentType: 'image/jpeg' })
    const avatar = await sharp(await storage.readAll(avatarKey)).metadata()
    expect(avatar).toMatchObject({ width: 512, height: 341 })

    const icon = await boundedImage(await cameraJpeg(300, 300), IMAGE_MAX_SIDE)
    const iconKey = (await storage.put(icon.bytes, icon.contentType)).key
    expect(await avatarKeyOf(storage, iconKey)).toBe(iconKey)
    // Stored as sent (before uploads were re-encoded): small, but with EXIF, so re-encoded.
    const legacyKey = (await storage.put(await cameraJpeg(300, 300), 'image/jpeg')).key
    const legacyAvatar = await avatarKeyOf(storage, legacyKey)
    expect(legacyAvatar).not.toBe(legacyKey)
    expect((await sharp(await storage.readAll(legacyAvatar)).metadata()).exif).toBeUndefined()
  })

  it('refuses a bomb stored before uploads were checked', async () => {
    const storage = new LocalDiskStorage(root)
    const key = (await storage.put(decompressionBombPng(30000, 30000), 'image/png')).key
    expect(await refusalOf(avatarKeyOf(storage, key))).toEqual(tooManyPixels)
  })
})
