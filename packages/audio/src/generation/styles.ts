import type { Mode } from './theory'

/** The styles the composer knows, by id. The app shows `STYLE_LABELS`; requests may use either. */
export const SONG_STYLES = [
  'folk',
  'pop',
  'rock',
  'electronic',
  'guofeng',
  'jazz',
  'lofi',
  'hiphop',
] as const
export type SongStyle = (typeof SONG_STYLES)[number]

export const STYLE_LABELS: Record<SongStyle, string> = {
  folk: '民谣',
  pop: '流行',
  rock: '摇滚',
  electronic: '电子',
  guofeng: '古风',
  jazz: '爵士',
  lofi: 'Lo-fi',
  hiphop: '说唱',
}

export const SONG_MOODS = [
  'gentle',
  'cheerful',
  'sad',
  'passionate',
  'calm',
  'romantic',
  'nostalgic',
] as const
export type SongMood = (typeof SONG_MOODS)[number]

export const MOOD_LABELS: Record<SongMood, string> = {
  gentle: '温柔',
  cheerful: '欢快',
  sad: '悲伤',
  passionate: '激昂',
  calm: '宁静',
  romantic: '浪漫',
  nostalgic: '怀旧',
}

/** How the chords are played by the harmony instrument of a style. */
export type HarmonyPart = 'strum' | 'arpeggio' | 'keys' | 'power' | 'stabs' | 'comp'
export type DrumKit = 'soft' | 'pop' | 'rock' | 'four' | 'boombap' | 'brushes' | 'lofi' | 'hand'
export type BassPart = 'root' | 'walking' | 'sub' | 'octave' | 'pulse'
/** What carries the melody when the song is instrumental (the lead voice otherwise). */
export type LeadInstrument = 'flute' | 'synth' | 'pluck' | 'keys'

export interface StyleDefinition {
  id: SongStyle
  tempoRange: readonly [number, number]
  /** Chance of a minor key before the mood has its say. */
  minorChance: number
  /** Melody restricted to the pentatonic scale (古风). */
  pentatonic: boolean
  /** Seventh chords instead of triads. */
  sevenths: boolean
  /** 0 = straight eighths, 0.33 = triplet swing. */
  swing: number
  /** Four-bar progressions as scale degrees (0 = I or i). */
  progressions: Record<Mode, readonly (readonly number[])[]>
  harmony: HarmonyPart
  drums: DrumKit
  bass: BassPart
  pad: boolean
  lead: LeadInstrument
  /** 0..1: how open the filters are. */
  brightness: number
  /** Range of melody movement: small for rap-like lines, wide for ballads. */
  melodicRange: number
}

const POP_MAJOR = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [3, 4, 2, 5],
] as const
const MINOR_LOOPS = [
  [0, 5, 2, 6],
  [0, 6, 5, 6],
  [0, 3, 6, 2],
  [0, 5, 3, 4],
] as const

export const STYLE_DEFINITIONS: Record<SongStyle, StyleDefinition> = {
  folk: {
    id: 'folk',
    tempoRange: [72, 104],
    minorChance: 0.25,
    pentatonic: false,
    sevenths: false,
    swing: 0,
    progressions: {
      major: [
        [0, 4, 5, 3],
        [0, 3, 0, 4],
        [0, 5, 3, 4],
        [3, 0, 4, 0],
      ],
      minor: [
        [0, 5, 2, 6],
        [0, 3, 6, 2],
      ],
    },
    harmony: 'strum',
    drums: 'hand',
    bass: 'root',
    pad: true,
    lead: 'flute',
    brightness: 0.55,
    melodicRange: 1,
  },
  pop: {
    id: 'pop',
    tempoRange: [84, 124],
    minorChance: 0.3,
    pentatonic: false,
    sevenths: false,
    swing: 0,
    progressions: { major: POP_MAJOR, minor: MINOR_LOOPS },
    harmony: 'keys',
    drums: 'pop',
    bass: 'octave',
    pad: true,
    lead: 'synth',
    brightness: 0.7,
    melodicRange: 1,
  },
  rock: {
    id: 'rock',
    tempoRange: [104, 150],
    minorChance: 0.45,
    pentatonic: false,
    sevenths: false,
    swing: 0,
    progressions: {
      major: [
        [0, 3, 4, 3],
        [0, 4, 5, 3],
        [5, 3, 0, 4],
      ],
      minor: [
        [0, 5, 6, 0],
        [0, 5, 2, 6],
        [0, 3, 5, 6],
      ],
    },
    harmony: 'power',
    drums: 'rock',
    bass: 'pulse',
    pad: false,
    lead: 'synth',
    brightness: 0.8,
    melodicRange: 1,
  },
  electronic: {
    id: 'electronic',
    tempoRange: [110, 128],
    minorChance: 0.65,
    pentatonic: false,
    sevenths: false,
    swing: 0,
    progressions: { major: POP_MAJOR, minor: MINOR_LOOPS },
    harmony: 'stabs',
    drums: 'four',
    bass: 'pulse',
    pad: true,
    lead: 'synth',
    brightness: 0.85,
    melodicRange: 1,
  },
  guofeng: {
    id: 'guofeng',
    tempoRange: [66, 96],
    minorChance: 0.4,
    pentatonic: true,
    sevenths: false,
    swing: 0,
    progressions: {
      major: [
        [0, 5, 1, 4],
        [5, 4, 0, 0],
        [3, 4, 5, 0],
        [0, 2, 5, 4],
      ],
      minor: [
        [0, 6, 5, 6],
        [0, 3, 6, 0],
        [5, 6, 0, 0],
      ],
    },
    harmony: 'arpeggio',
    drums: 'soft',
    bass: 'root',
    pad: true,
    lead: 'flute',
    brightness: 0.6,
    melodicRange: 1.2,
  },
  jazz: {
    id: 'jazz',
    tempoRange: [88, 140],
    minorChance: 0.2,
    pentatonic: false,
    sevenths: true,
    swing: 0.3,
    progressions: {
      major: [
        [1, 4, 0, 0],
        [0, 5, 1, 4],
        [2, 5, 1, 4],
        [3, 2, 1, 4],
      ],
      minor: [
        [0, 3, 6, 2],
        [0, 5, 1, 4],
      ],
    },
    harmony: 'comp',
    drums: 'brushes',
    bass: 'walking',
    pad: false,
    lead: 'keys',
    brightness: 0.5,
    melodicRange: 1.1,
  },
  lofi: {
    id: 'lofi',
    tempoRange: [70, 90],
    minorChance: 0.35,
    pentatonic: false,
    sevenths: true,
    swing: 0.18,
    progressions: {
      major: [
        [3, 2, 1, 0],
        [1, 4, 0, 5],
        [3, 4, 2, 5],
      ],
      minor: [
        [0, 3, 6, 2],
        [5, 6, 0, 0],
      ],
    },
    harmony: 'keys',
    drums: 'lofi',
    bass: 'root',
    pad: true,
    lead: 'keys',
    brightness: 0.35,
    melodicRange: 0.9,
  },
  hiphop: {
    id: 'hiphop',
    tempoRange: [80, 98],
    minorChance: 0.75,
    pentatonic: false,
    sevenths: false,
    swing: 0.12,
    progressions: {
      major: [
        [0, 5, 3, 4],
        [5, 3, 0, 4],
      ],
      minor: [
        [0, 5, 0, 6],
        [0, 3, 5, 4],
        [0, 0, 5, 6],
      ],
    },
    harmony: 'keys',
    drums: 'boombap',
    bass: 'sub',
    pad: true,
    lead: 'synth',
    brightness: 0.5,
    melodicRange: 0.5,
  },
}

export interface MoodDefinition {
  id: SongMood
  /** Multiplies the tempo picked inside the style's range (clamped to the range afterwards). */
  tempoFactor: number
  /** Added to the style's chance of a minor key. */
  minorBias: number
  /** 0..1: how hard the drums and bass play. */
  energy: number
  /** Added to the style's brightness. */
  brightnessBias: number
}

export const MOOD_DEFINITIONS: Record<SongMood, MoodDefinition> = {
  gentle: { id: 'gentle', tempoFactor: 0.92, minorBias: -0.1, energy: 0.45, brightnessBias: -0.1 },
  cheerful: {
    id: 'cheerful',
    tempoFactor: 1.1,
    minorBias: -0.4,
    energy: 0.8,
    brightnessBias: 0.15,
  },
  sad: { id: 'sad', tempoFactor: 0.85, minorBias: 0.5, energy: 0.4, brightnessBias: -0.15 },
  passionate: {
    id: 'passionate',
    tempoFactor: 1.12,
    minorBias: 0.1,
    energy: 1,
    brightnessBias: 0.15,
  },
  calm: { id: 'calm', tempoFactor: 0.88, minorBias: -0.05, energy: 0.35, brightnessBias: -0.2 },
  romantic: {
    id: 'romantic',
    tempoFactor: 0.95,
    minorBias: -0.15,
    energy: 0.55,
    brightnessBias: 0,
  },
  nostalgic: {
    id: 'nostalgic',
    tempoFactor: 0.95,
    minorBias: 0.15,
    energy: 0.5,
    brightnessBias: -0.1,
  },
}

/** Every name a request may use for a style: the id, the Chinese label and common English words. */
export const STYLE_ALIASES: Record<SongStyle, readonly string[]> = {
  folk: ['folk', '民谣', 'acoustic', 'ballad', '木吉他'],
  pop: ['pop', '流行', 'mandopop', 'c-pop', '华语流行'],
  rock: ['rock', '摇滚', 'punk', 'metal', '朋克', '金属'],
  electronic: ['electronic', '电子', 'edm', 'house', 'techno', 'synth', '电音', 'dance'],
  guofeng: [
    'guofeng',
    '古风',
    '国风',
    '中国风',
    'chinese',
    'chinese-traditional',
    'traditional',
    '戏腔',
  ],
  jazz: ['jazz', '爵士', 'swing', 'bossa'],
  lofi: ['lofi', 'lo-fi', 'lo fi', 'chillhop', 'chill', '低保真'],
  hiphop: ['hiphop', 'hip-hop', 'hip hop', 'rap', '说唱', '嘻哈', 'trap', 'r&b'],
}

export const MOOD_ALIASES: Record<SongMood, readonly string[]> = {
  gentle: ['gentle', '温柔', 'soft', 'tender', '轻柔', '柔和', '温暖', 'warm'],
  cheerful: ['cheerful', '欢快', 'happy', 'joyful', '快乐', '开心', '轻快', 'upbeat', '活泼'],
  sad: ['sad', '悲伤', 'melancholy', '伤感', '忧伤', '难过', '孤独', 'lonely', '失恋', 'blue'],
  passionate: ['passionate', '激昂', 'energetic', 'epic', '热血', '激情', '燃', 'powerful', '激烈'],
  calm: ['calm', '宁静', 'peaceful', 'quiet', '安静', '平静', 'relaxing', '放松', '治愈'],
  romantic: ['romantic', '浪漫', 'love', '甜蜜', 'sweet', '爱情'],
  nostalgic: ['nostalgic', '怀旧', 'memory', '回忆', '思念', '青春', 'yesterday'],
}

function findByAlias<T extends string>(
  text: string,
  aliases: Record<T, readonly string[]>,
): T | undefined {
  const wanted = text.trim().toLowerCase()
  if (wanted === '') return undefined
  for (const [id, names] of Object.entries(aliases) as [T, readonly string[]][]) {
    if (names.includes(wanted)) return id
  }
  return undefined
}

/** A style from its id, Chinese label or an English name; undefined when unknown. */
export function resolveStyle(text: string): SongStyle | undefined {
  return findByAlias(text, STYLE_ALIASES)
}

export function resolveMood(text: string): SongMood | undefined {
  return findByAlias(text, MOOD_ALIASES)
}
