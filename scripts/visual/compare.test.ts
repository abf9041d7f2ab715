// The visual gate's tolerance (scripts/visual/compare.ts): loose enough for the anti-aliasing and
// hinting flicker of a fresh CI machine, tight enough that a changed component fails.
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { comparePng, compressPng, MAX_DIFF_RATIO } from './compare'

const WIDTH = 720
const HEIGHT = 450
type Colour = readonly [number, number, number]
const SURFACE: Colour = [0xfa, 0xf9, 0xf7]
const TEXT: Colour = [0x1d, 0x1d, 0x21]
const ACCENT: Colour = [0xd3, 0x3a, 0x2c]
const INFO: Colour = [0x28, 0x62, 0xc8]

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A page like a story's: lines of "text" (dark strokes with grey edges) and one filled button. */
function drawPage({ button, buttonColour }: { button: Box; buttonColour: Colour }): PNG {
  const png = new PNG({ width: WIDTH, height: HEIGHT })
  const paint = (x: number, y: number, [red, green, blue]: Colour) => {
    const offset = (y * WIDTH + x) * 4
    png.data[offset] = red
    png.data[offset + 1] = green
    png.data[offset + 2] = blue
    png.data[offset + 3] = 255
  }
  for (let y = 0; y < HEIGHT; y += 1) for (let x = 0; x < WIDTH; x += 1) paint(x, y, SURFACE)
  for (let line = 0; line < 10; line += 1) {
    const top = 40 + line * 32
    for (let x = 40; x < 500; x += 1) {
      // Glyph-like strokes every few pixels, with anti-aliased edges.
      if (x % 7 < 2) for (let y = top; y < top + 14; y += 1) paint(x, y, TEXT)
      if (x % 7 === 2) for (let y = top; y < top + 14; y += 1) paint(x, y, [140, 140, 144])
    }
  }
  for (let y = button.y; y < button.y + button.height; y += 1) {
    for (let x = button.x; x < button.x + button.width; x += 1) paint(x, y, buttonColour)
  }
  return png
}

const BUTTON: Box = { x: 540, y: 200, width: 120, height: 40 }
const baseline = PNG.sync.write(drawPage({ button: BUTTON, buttonColour: ACCENT }))

/** What a fresh machine's font hinting does: a few edge pixels of the text come out a bit off. */
function withHintingNoise(png: Buffer, share: number): Buffer {
  const image = PNG.sync.read(png)
  const pixels = WIDTH * HEIGHT
  const flipped = Math.floor(pixels * share)
  // A fixed stride instead of random picks: the test draws the same picture every time.
  const stride = Math.floor(pixels / flipped)
  for (let index = 0; index < flipped; index += 1) {
    const offset = index * stride * 4
    for (let channel = 0; channel < 3; channel += 1) {
      image.data[offset + channel] = Math.max(0, (image.data[offset + channel] ?? 0) - 90)
    }
  }
  return PNG.sync.write(image)
}

describe('comparePng', () => {
  it('finds the same picture equal, also after the lossless squeeze that baselines go through', () => {
    const result = comparePng(baseline, compressPng(baseline))
    expect(result).toMatchObject({ equal: true, differentPixels: 0 })
  })

  it('lets hinting noise under the allowed share pass', () => {
    const result = comparePng(baseline, withHintingNoise(baseline, MAX_DIFF_RATIO * 0.8))
    expect(result.differentPixels).toBeGreaterThan(0)
    expect(result.equal).toBe(true)
  })

  it('fails one button whose colour changed, and draws where', () => {
    const recoloured = PNG.sync.write(drawPage({ button: BUTTON, buttonColour: INFO }))
    const result = comparePng(baseline, recoloured)
    expect(result.equal).toBe(false)
    expect(result.differentPixels).toBe(BUTTON.width * BUTTON.height)
    const diff = PNG.sync.read(result.diff ?? Buffer.alloc(0))
    const inButton = ((BUTTON.y + 10) * WIDTH + BUTTON.x + 10) * 4
    // pixelmatch's diff colour: pure red where the pictures differ.
    expect([...diff.data.subarray(inButton, inButton + 3)]).toEqual([255, 0, 0])
  })

  it('fails one button moved down by half its height', () => {
    const moved = PNG.sync.write(
      drawPage({ button: { ...BUTTON, y: BUTTON.y + BUTTON.height / 2 }, buttonColour: ACCENT }),
    )
    expect(comparePng(baseline, moved).equal).toBe(false)
  })

  it('fails a picture of another size without comparing pixels', () => {
    const taller = new PNG({ width: WIDTH, height: HEIGHT + 1 })
    const result = comparePng(baseline, PNG.sync.write(taller))
    expect(result).toMatchObject({ equal: false, diff: null })
    expect(result.reason).toBe(`size ${WIDTH}x${HEIGHT + 1}, baseline ${WIDTH}x${HEIGHT}`)
  })
})
