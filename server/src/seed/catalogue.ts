/**
 * The seed catalogue: works the server composes itself on first start, so a newcomer can press
 * play at once. Every entry is a fixed request with a fixed seed (deterministic audio), in
 * different styles, through both generation modes; the lyrics are written for this catalogue.
 * Entries alternate between the two delivery paths the player has (direct MP3, HLS), so even a
 * catalogue of two exercises both. The first entry is listed first, as a preview (synthesise.ts),
 * and upgraded in place to the full song.
 */
import type { GenerationRequest } from '@gy/audio'
import type { WorkDelivery } from '../db/types'

export interface SeedDefinition {
  /** Stable name of the entry: a restart skips entries whose key is already in the database. */
  seedKey: string
  /** The seed is fixed, so the same entry always sounds the same. */
  request: GenerationRequest & { seed: number }
  delivery: WorkDelivery
  priceFen: number
  /** The store category the work is listed under (store_categories.id, migration 0015). */
  categoryId: string
}

export const SEED_ARTIST = 'GY音乐 AI'
/** Seed works are encoded at this constant bitrate (kbit/s). */
export const SEED_MP3_KBPS = 128

/**
 * The seed key a work carries while it is the preview of `seedKey`: a restart finds a preview
 * still to upgrade, and the full key is set in the same update that puts the full song in place.
 */
export function previewSeedKey(seedKey: string): string {
  return `${seedKey}:preview`
}

export const SEED_CATALOGUE: readonly SeedDefinition[] = [
  {
    seedKey: 'seed-01-evening-lamps',
    categoryId: 'folk',
    delivery: 'mp3',
    priceFen: 0,
    request: {
      mode: 'advanced',
      title: '晚风与灯火',
      style: '民谣',
      mood: '温柔',
      tempo: 84,
      seed: 101,
      lyrics: [
        '[主歌]',
        '巷口的灯一盏一盏亮起',
        '晚风把白天轻轻折起',
        '自行车铃声穿过旧街',
        '有人在窗边哼着旋律',
        '[副歌]',
        '晚风啊慢一点走',
        '陪我把这条路走到尽头',
        '灯火啊暖一点亮',
        '照着回家的人不再彷徨',
      ].join('\n'),
    },
  },
  {
    seedKey: 'seed-02-weekend-ride',
    categoryId: 'pop',
    delivery: 'hls',
    priceFen: 990,
    request: {
      mode: 'smart',
      prompt: '一首轻快的城市流行歌，写周末清晨骑车穿过街道、阳光洒在脸上的心情',
      seed: 202,
    },
  },
  {
    seedKey: 'seed-03-stone-lane',
    categoryId: 'ancient',
    delivery: 'mp3',
    priceFen: 1290,
    request: {
      mode: 'advanced',
      title: '青石巷',
      style: '古风',
      mood: '怀旧',
      tempo: 76,
      seed: 303,
      lyrics: [
        '[主歌]',
        '青石巷里落满了细雨',
        '油纸伞下藏着旧时语',
        '檐角风铃摇过几春秋',
        '一盏茶凉了又重温',
        '[副歌]',
        '雨落青石声声慢',
        '谁在巷口把歌来弹',
        '岁月如水悠悠远',
        '只留月色照故园',
      ].join('\n'),
    },
  },
  {
    seedKey: 'seed-04-midnight-desk',
    categoryId: 'lofi',
    delivery: 'hls',
    priceFen: 0,
    request: {
      mode: 'smart',
      prompt: '深夜书桌前的 lofi 纯音乐，安静、放松，适合读书',
      instrumental: true,
      seed: 404,
    },
  },
  {
    seedKey: 'seed-05-chasing-light',
    categoryId: 'rock',
    delivery: 'mp3',
    priceFen: 1990,
    request: {
      mode: 'advanced',
      title: '追光的人',
      style: '摇滚',
      mood: '激昂',
      tempo: 132,
      seed: 505,
      lyrics: [
        '[主歌]',
        '背上吉他走过无数个站台',
        '把不甘心唱给空荡的大街',
        '[副歌]',
        '我们是追光的人',
        '跌倒了也要向前奔',
        '心里有团火不会冷',
        '唱到天亮唱到黎明',
      ].join('\n'),
    },
  },
  {
    seedKey: 'seed-06-rainy-cafe',
    categoryId: 'jazz',
    delivery: 'hls',
    priceFen: 990,
    request: {
      mode: 'smart',
      prompt: '一首浪漫的爵士小曲，写雨夜街角咖啡馆里的一次偶遇',
      seed: 606,
    },
  },
]
