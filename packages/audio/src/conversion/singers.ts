import type { VoiceModel } from './timbre'
import type { ToneBand } from './toneCurve'

/**
 * Singer presets for voice conversion and covers. A preset is a direction, not a cloned person:
 * a pitch offset (semitones, the default shift of a cover), a formant offset (semitones; moves the
 * vocal tract's resonances, which is most of what makes a voice sound male, female, young or
 * old), a tone curve (EQ) for the character of the timbre, and the voice it moves towards: a
 * formant model of the singer's long-term spectral envelope (timbre.ts), whose shape a cover's
 * vocal takes on within the formant band.
 */
export const SINGER_PRESET_IDS = [
  'bright-female',
  'sweet-female',
  'warm-male',
  'deep-male',
  'youth',
  'ethereal',
] as const
export type SingerPresetId = (typeof SINGER_PRESET_IDS)[number]

export interface SingerPreset {
  id: SingerPresetId
  /** Display name (Chinese). */
  name: string
  /** One line about the voice (Chinese). */
  description: string
  /** An SVG avatar as a data URL, usable directly as an <img> src. */
  picture: string
  pitchOffset: number
  formantOffset: number
  toneCurve: readonly ToneBand[]
  voice: VoiceModel
}

interface AvatarStyle {
  background: [string, string]
  hair: string
  /** Hair outline: long hair falls past the shoulders, short hair stays above the ears. */
  hairLength: 'long' | 'short'
  accent: string
}

/** A flat, friendly portrait drawn from a few shapes, distinct per preset. */
function avatar(style: AvatarStyle): string {
  const [from, to] = style.background
  const hair =
    style.hairLength === 'long'
      ? `<path d="M26 62c0-22 12-36 38-36s38 14 38 36v40H88V66H40v36H26z" fill="${style.hair}"/>`
      : `<path d="M30 58c0-20 14-32 34-32s34 12 34 32l-6-4c-8-6-20-8-28-8s-20 2-28 8z" fill="${style.hair}"/>`
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="128" height="128" rx="24" fill="url(#g)"/>',
    `<path d="M24 128c4-22 20-32 40-32s36 10 40 32z" fill="${style.accent}"/>`,
    '<rect x="56" y="80" width="16" height="18" rx="6" fill="#f3d2b8"/>',
    '<ellipse cx="64" cy="62" rx="24" ry="27" fill="#f8dcc4"/>',
    hair,
    '<circle cx="55" cy="64" r="2.6" fill="#3a2a28"/><circle cx="73" cy="64" r="2.6" fill="#3a2a28"/>',
    '<path d="M57 75q7 5 14 0" stroke="#c0676a" stroke-width="2.4" fill="none" stroke-linecap="round"/>',
    `<path d="M96 30v16a5 5 0 1 1-3-4.6V30z" fill="${style.accent}" opacity="0.9"/>`,
    '</svg>',
  ].join('')
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

export const SINGER_PRESETS: readonly SingerPreset[] = [
  {
    id: 'bright-female',
    name: '清亮女声',
    description: '明亮通透的女声，高音干净',
    picture: avatar({
      background: ['#ffd6e7', '#ff8fb8'],
      hair: '#4a2c2a',
      hairLength: 'long',
      accent: '#ff5c8a',
    }),
    pitchOffset: 5,
    formantOffset: 2.5,
    toneCurve: [
      { type: 'peaking', frequency: 250, gainDb: -2, q: 0.8 },
      { type: 'peaking', frequency: 3200, gainDb: 2, q: 1 },
      { type: 'highShelf', frequency: 7000, gainDb: 3 },
    ],
    voice: { tract: 'female', formantScale: 1.02, tiltDbPerOctave: -4 },
  },
  {
    id: 'sweet-female',
    name: '甜美女声',
    description: '柔和甜美的女声，适合流行与民谣',
    picture: avatar({
      background: ['#fff1c9', '#ffb86b'],
      hair: '#7a4a2a',
      hairLength: 'long',
      accent: '#ff9a3c',
    }),
    pitchOffset: 7,
    formantOffset: 3,
    toneCurve: [
      { type: 'lowShelf', frequency: 180, gainDb: -3 },
      { type: 'peaking', frequency: 2500, gainDb: 2.5, q: 0.9 },
      { type: 'highShelf', frequency: 10000, gainDb: 1.5 },
    ],
    voice: { tract: 'female', formantScale: 1.05, tiltDbPerOctave: -7 },
  },
  {
    id: 'warm-male',
    name: '温暖男声',
    description: '醇厚温暖的男声，中低频饱满',
    picture: avatar({
      background: ['#d9ecff', '#6fa8dc'],
      hair: '#2b2b2b',
      hairLength: 'short',
      accent: '#3d7cc9',
    }),
    pitchOffset: -5,
    formantOffset: -2,
    toneCurve: [
      { type: 'lowShelf', frequency: 200, gainDb: 2.5 },
      { type: 'peaking', frequency: 3500, gainDb: -1.5, q: 1 },
      { type: 'highShelf', frequency: 8000, gainDb: -2 },
    ],
    voice: { tract: 'male', formantScale: 1, tiltDbPerOctave: -8 },
  },
  {
    id: 'deep-male',
    name: '低沉烟嗓',
    description: '低沉沙哑的男声，带颗粒感',
    picture: avatar({
      background: ['#d8d3cf', '#7d746d'],
      hair: '#1d1d1d',
      hairLength: 'short',
      accent: '#4a403a',
    }),
    pitchOffset: -8,
    formantOffset: -3,
    toneCurve: [
      { type: 'lowShelf', frequency: 120, gainDb: 3 },
      { type: 'peaking', frequency: 1800, gainDb: 1.5, q: 1.2 },
      { type: 'highShelf', frequency: 9000, gainDb: -3 },
    ],
    voice: { tract: 'male', formantScale: 0.93, tiltDbPerOctave: -10 },
  },
  {
    id: 'youth',
    name: '少年音',
    description: '清爽干净的少年嗓音',
    picture: avatar({
      background: ['#dcfce7', '#5fcf8f'],
      hair: '#3b2f2a',
      hairLength: 'short',
      accent: '#2fa56a',
    }),
    pitchOffset: 3,
    formantOffset: 3.5,
    toneCurve: [
      { type: 'lowShelf', frequency: 160, gainDb: -3 },
      { type: 'peaking', frequency: 3000, gainDb: 2, q: 1 },
    ],
    voice: { tract: 'male', formantScale: 1.12, tiltDbPerOctave: -5 },
  },
  {
    id: 'ethereal',
    name: '空灵女声',
    description: '轻盈空灵的女声，高频通透',
    picture: avatar({
      background: ['#ece4ff', '#9b87f5'],
      hair: '#e8e2f7',
      hairLength: 'long',
      accent: '#7458e8',
    }),
    pitchOffset: 9,
    formantOffset: 2,
    toneCurve: [
      { type: 'peaking', frequency: 500, gainDb: -3, q: 0.7 },
      { type: 'highShelf', frequency: 9000, gainDb: 4 },
    ],
    voice: { tract: 'female', formantScale: 1.08, tiltDbPerOctave: -5 },
  },
]

export function findSingerPreset(id: string): SingerPreset | undefined {
  return SINGER_PRESETS.find((preset) => preset.id === id)
}
