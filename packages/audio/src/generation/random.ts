/**
 * The composer's only source of chance. Every choice in a song is drawn from one of these, so the
 * same seed gives the same song on every run (Math.random is never used in generation).
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number
  /** A float in [min, max). */
  range(min: number, max: number): number
  /** True with the given probability. */
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks an item with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T
  /** A new independent generator derived from this one's seed and a label, for one concern. */
  fork(label: string): Random
}

/** Seeds are unsigned 32-bit integers; anything else is folded into that range. */
export function normalizeSeed(seed: number): number {
  if (!Number.isFinite(seed)) return 0
  return Math.trunc(Math.abs(seed)) % 0x1_0000_0000
}

/** FNV-1a over UTF-16 code units: a stable 32-bit hash of a label or a prompt. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * mulberry32: tiny, fast and good enough for musical choices (it passes gjrand's tests at the
 * sizes we draw). Each stream keeps its seed so `fork` can derive sub-streams by label, which keeps
 * one concern's draws (say, the drums) from shifting when another concern draws more or less.
 */
export function createRandom(seed: number): Random {
  const baseSeed = normalizeSeed(seed)
  let state = baseSeed
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 0x1_0000_0000
  }
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick() needs at least one item')
      return items[Math.floor(next() * items.length)] as (typeof items)[number]
    },
    weighted: (items) => {
      let total = 0
      for (const [, weight] of items) total += Math.max(0, weight)
      let target = next() * total
      for (const [item, weight] of items) {
        target -= Math.max(0, weight)
        if (target < 0) return item
      }
      const last = items[items.length - 1]
      if (last === undefined) throw new RangeError('weighted() needs at least one item')
      return last[0]
    },
    fork: (label) => createRandom(hashString(label, baseSeed ^ 0x9e3779b9)),
  }
  return random
}
