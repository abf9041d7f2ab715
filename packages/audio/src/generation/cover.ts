import type { Random } from './random'
import { createRandom } from './random'
import type { SongMood, SongStyle } from './styles'
import { MOOD_LABELS, STYLE_LABELS } from './styles'

/**
 * Cover art as a self-contained SVG string (1000 x 1000, no external fonts or images): a
 * gradient and a few shapes drawn from the seed, tinted by the mood, with the title set in a CJK
 * font stack. The same seed always draws the same cover.
 */
export const COVER_SIZE = 1000
export const COVER_FONT_STACK =
  "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', sans-serif"

/** Base hues per mood, so a sad song is not drawn in party colours. */
const MOOD_HUES: Record<SongMood, readonly [number, number]> = {
  gentle: [330, 40],
  cheerful: [30, 70],
  sad: [200, 250],
  passionate: [350, 20],
  calm: [160, 210],
  romantic: [300, 350],
  nostalgic: [25, 45],
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/"/gu, '&quot;')
    .replace(/'/gu, '&apos;')
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const wrapped = ((hue % 360) + 360) % 360
  return `hsl(${wrapped.toFixed(0)}, ${saturation.toFixed(0)}%, ${lightness.toFixed(0)}%)`
}

function shapes(random: Random, hue: number): string[] {
  const drawn: string[] = []
  const motif = random.int(0, 2)
  if (motif === 0) {
    // Soft circles, like lights out of focus.
    const count = random.int(5, 9)
    for (let index = 0; index < count; index++) {
      const radius = random.range(60, 260)
      drawn.push(
        `<circle cx="${random.range(0, COVER_SIZE).toFixed(0)}" cy="${random.range(0, COVER_SIZE).toFixed(0)}" r="${radius.toFixed(0)}" fill="${hsl(hue + random.range(-40, 40), 80, random.range(60, 85))}" opacity="${random.range(0.12, 0.35).toFixed(2)}"/>`,
      )
    }
  } else if (motif === 1) {
    // Waves across the lower half.
    const count = random.int(3, 6)
    for (let index = 0; index < count; index++) {
      const baseline = 560 + index * random.range(50, 90)
      const amplitude = random.range(20, 70)
      const path = `M0 ${baseline.toFixed(0)} C 250 ${(baseline - amplitude).toFixed(0)}, 500 ${(baseline + amplitude).toFixed(0)}, 750 ${baseline.toFixed(0)} S 1000 ${(baseline - amplitude).toFixed(0)}, 1000 ${baseline.toFixed(0)} L1000 1000 L0 1000 Z`
      drawn.push(
        `<path d="${path}" fill="${hsl(hue + index * 12, 60, 30 + index * 8)}" opacity="${(0.25 + index * 0.08).toFixed(2)}"/>`,
      )
    }
  } else {
    // Concentric rings, a record seen from above.
    const centreX = random.range(350, 650)
    const centreY = random.range(300, 550)
    const count = random.int(4, 8)
    for (let index = 0; index < count; index++) {
      drawn.push(
        `<circle cx="${centreX.toFixed(0)}" cy="${centreY.toFixed(0)}" r="${(80 + index * random.range(35, 55)).toFixed(0)}" fill="none" stroke="${hsl(hue + index * 9, 70, 80)}" stroke-width="${random.range(2, 10).toFixed(1)}" opacity="${random.range(0.25, 0.6).toFixed(2)}"/>`,
      )
    }
  }
  return drawn
}

export interface CoverInput {
  title: string
  style: SongStyle
  mood: SongMood
  seed: number
}

/** Title lines of at most `perLine` characters, at most two lines, with an ellipsis if cut. */
function wrapTitle(title: string, perLine: number): string[] {
  const characters = Array.from(title)
  if (characters.length <= perLine) return [title]
  const first = characters.slice(0, perLine).join('')
  const rest = characters.slice(perLine)
  const second = rest.length > perLine ? `${rest.slice(0, perLine - 1).join('')}…` : rest.join('')
  return [first, second]
}

export function drawCover(input: CoverInput): string {
  const random = createRandom(input.seed).fork('cover')
  const [low, high] = MOOD_HUES[input.mood]
  const hue = random.range(low, high + (high < low ? 360 : 0))
  const angle = random.int(0, 3) * 45
  const from = hsl(hue, random.range(55, 80), random.range(25, 40))
  const to = hsl(hue + random.range(30, 90), random.range(55, 85), random.range(45, 65))
  const wide = Array.from(input.title).some((character) => character.charCodeAt(0) > 0x2e80)
  const lines = wrapTitle(input.title, wide ? 8 : 16)
  const fontSize = wide ? 96 : 80
  const titleY = 760 - (lines.length - 1) * fontSize * 1.15
  const titleText = lines
    .map(
      (line, index) =>
        `<text x="80" y="${(titleY + index * fontSize * 1.15).toFixed(0)}" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('')
  const subtitle = `${STYLE_LABELS[input.style]} · ${MOOD_LABELS[input.mood]} · GY音乐 AI`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}" font-family="${COVER_FONT_STACK.replace(/"/gu, '')}">`,
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>`,
    `<rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="url(#bg)"/>`,
    ...shapes(random, hue),
    `<rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="url(#shade)"/>`,
    titleText,
    `<text x="84" y="${(titleY + lines.length * fontSize * 1.15 + 10).toFixed(0)}" font-size="34" fill="#ffffff" opacity="0.85">${escapeXml(subtitle)}</text>`,
    `</svg>`,
  ].join('')
}
