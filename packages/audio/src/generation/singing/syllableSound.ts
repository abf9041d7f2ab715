/**
 * A spoken syllable made ready to be sung: cut from the synthesiser's speech at its phoneme
 * boundaries into an onset (the consonants before the vowel), a nucleus (the vowel) and a coda
 * (a final nasal or the rest of a diphthong), with the pitch marks (one per glottal pulse) that
 * pitch-synchronous overlap-add needs.
 */
import type { SpokenPhoneme, SpokenText } from './speech'

export interface SyllableSound {
  sampleRate: number
  samples: Float32Array
  /** Where the unvoiced part of the onset starts (a fricative, a stop's burst, aspiration). */
  onsetStart: number
  /** Where voicing starts: the nucleus, or a voiced onset consonant (m, n, l, r, j, w) before it. */
  voicedStart: number
  /** The vowel: where the note's beat falls. */
  nucleusStart: number
  /** The end of the held part: a final nasal or consonant after it is sung at the note's end. */
  codaStart: number
  end: number
  /** Pitch marks (samples) covering [voicedStart, end), and the period (samples) at each. */
  marks: Int32Array
  periods: Float32Array
  /** A gain per mark that holds the vowel at one level (speech fades; a sung note does not). */
  gains: Float32Array
}

const VOWEL_LETTERS = /[aeiouyɑɛəɤɔʊɪʌæɐɜœøɯɒɚɝʏɨʉ]/u
/** Consonants that are voiced and periodic, so they are sung at the note's pitch, not copied. */
const SONORANT = /^[ˈˌ]?[mnlŋjwɹɾʐrɻvðzʒɲ]/u

export function isVowelSymbol(symbol: string): boolean {
  return VOWEL_LETTERS.test(symbol)
}

/**
 * Which phonemes of a spoken word this note sings, when the word is sung over `parts` notes: the
 * vowels are shared out in order, and the consonants between two vowels split, the later half
 * (at least one) starting the next syllable. A part with no vowel left holds the previous one.
 */
export function partPhonemes(
  phonemes: readonly SpokenPhoneme[],
  part: number,
  parts: number,
): { first: number; last: number; hold: boolean } {
  const vowels: number[] = []
  phonemes.forEach((phoneme, index) => {
    if (isVowelSymbol(phoneme.symbol)) vowels.push(index)
  })
  if (vowels.length === 0) return { first: 0, last: phonemes.length - 1, hold: false }
  const groups = Math.max(1, parts)
  const groupOf = (vowel: number) =>
    Math.min(groups - 1, Math.floor((vowel * groups) / vowels.length))
  let firstVowel = -1
  let lastVowel = -1
  vowels.forEach((_, vowel) => {
    if (groupOf(vowel) === part) {
      if (firstVowel < 0) firstVowel = vowel
      lastVowel = vowel
    }
  })
  if (firstVowel < 0) {
    // More notes than vowels: this note holds the vowel of the last part that had one.
    let previous = part - 1
    while (previous > 0 && !vowels.some((_, vowel) => groupOf(vowel) === previous)) previous--
    const held = partPhonemes(phonemes, Math.max(0, previous), parts)
    return { ...held, hold: true }
  }
  const boundary = (before: number, after: number) => {
    const consonants = after - before - 1
    return before + 1 + Math.floor(consonants / 2)
  }
  const vowelAt = (vowel: number) => vowels[vowel] ?? 0
  const first = firstVowel === 0 ? 0 : boundary(vowelAt(firstVowel - 1), vowelAt(firstVowel))
  const last =
    lastVowel === vowels.length - 1
      ? phonemes.length - 1
      : boundary(vowelAt(lastVowel), vowelAt(lastVowel + 1)) - 1
  return { first, last, hold: false }
}

/**
 * The period (samples) at `centre` by normalised autocorrelation over two of the longest periods,
 * or undefined where the sound is not periodic. The shortest lag that scores nearly as well as the
 * best wins, so a pulse train is not read an octave low.
 */
function periodAt(
  samples: Float32Array,
  centre: number,
  minLag: number,
  maxLag: number,
): number | undefined {
  const window = maxLag * 2
  const from = Math.max(0, Math.round(centre - maxLag))
  if (from + window + maxLag > samples.length) return undefined
  let energy0 = 0
  for (let index = 0; index < window; index += 2) {
    const value = samples[from + index] as number
    energy0 += value * value
  }
  const scores: number[] = []
  let best = 0
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0
    let energy1 = 0
    // Every other sample: half the work, and plenty for a voice whose period is 50 samples or more.
    for (let index = 0; index < window; index += 2) {
      const later = samples[from + index + lag] as number
      sum += (samples[from + index] as number) * later
      energy1 += later * later
    }
    const score = sum / Math.sqrt(energy0 * energy1 + 1e-12)
    scores.push(score)
    best = Math.max(best, score)
  }
  if (best < 0.5) return undefined
  for (let index = 1; index < scores.length - 1; index++) {
    const score = scores[index] as number
    const isPeak = score >= (scores[index - 1] as number) && score >= (scores[index + 1] as number)
    if (isPeak && score >= best * 0.9) return minLag + index
  }
  return minLag + scores.indexOf(best)
}

/** The largest sample in [from, to). */
function peakIn(samples: Float32Array, from: number, to: number): number {
  const first = Math.max(0, Math.min(samples.length - 1, Math.round(from)))
  const last = Math.min(samples.length, Math.round(to))
  let best = first
  for (let index = first; index < last; index++) {
    if ((samples[index] as number) > (samples[best] as number)) best = index
  }
  return best
}

/**
 * Pitch marks by peak picking: from a peak in the middle of the vowel, one period at a time
 * forwards and backwards, each mark the highest sample within an eighth of a period of where the
 * local period puts the next pulse. The period is measured once over the vowel and then followed
 * locally within a fourth of it either way, so a mark never jumps an octave.
 */
function pitchMarks(
  samples: Float32Array,
  from: number,
  to: number,
  anchor: number,
  sampleRate: number,
): { marks: number[]; periods: number[] } {
  const minLag = Math.round(sampleRate / 420)
  const maxLag = Math.round(sampleRate / 70)
  const period0 =
    periodAt(samples, anchor, minLag, maxLag) ??
    periodAt(samples, Math.round((from + to) / 2), minLag, maxLag) ??
    Math.round(sampleRate / 110)
  const localPeriod = (mark: number, previous: number) =>
    periodAt(
      samples,
      mark,
      Math.max(minLag, Math.round(period0 * 0.75)),
      Math.min(maxLag * 2, Math.round(period0 * 1.33)),
    ) ?? previous
  const start = peakIn(samples, anchor - period0 / 2, anchor + period0 / 2)
  const walk = (direction: 1 | -1): number[] => {
    const found: number[] = []
    let period = period0
    for (let mark = start, count = 0; ; count++) {
      // The period drifts slowly: measuring it at every third pulse is enough, and a third of the work.
      if (count % 3 === 0) period = localPeriod(mark, period)
      const expected = mark + direction * period
      if (expected >= to || expected < from) break
      const slack = Math.max(1, period / 8)
      const next = peakIn(samples, expected - slack, expected + slack + 1)
      if (next === mark) break
      mark = next
      found.push(mark)
    }
    return found
  }
  const marks = [...walk(-1).reverse(), start, ...walk(1)]
  const periods = marks.map((mark, index) => {
    const next = marks[index + 1]
    const before = marks[index - 1]
    if (next !== undefined) return next - mark
    return before !== undefined ? mark - before : period0
  })
  return { marks, periods }
}

function rmsAround(samples: Float32Array, centre: number, half: number): number {
  let sum = 0
  let count = 0
  for (
    let index = Math.max(0, centre - half);
    index < Math.min(samples.length, centre + half);
    index++
  ) {
    const value = samples[index] as number
    sum += value * value
    count++
  }
  return count === 0 ? 0 : Math.sqrt(sum / count)
}

/** Cuts one part of a spoken word (all of it for a Chinese syllable) into a syllable to sing. */
export function analyseSyllable(spoken: SpokenText, part: number, parts: number): SyllableSound {
  const { samples, sampleRate, phonemes } = spoken
  const end = Math.max(1, Math.min(samples.length, spoken.end))
  const { first, last, hold } = partPhonemes(phonemes, part, parts)
  const startOf = (index: number) => phonemes[index]?.start ?? end
  const segmentStart = phonemes.length === 0 ? 0 : startOf(first)
  const segmentEnd = last + 1 < phonemes.length ? startOf(last + 1) : end
  let nucleus = first
  while (nucleus <= last && !isVowelSymbol(phonemes[nucleus]?.symbol ?? '')) nucleus++
  let lastVowel = last
  while (lastVowel > nucleus && !isVowelSymbol(phonemes[lastVowel]?.symbol ?? '')) lastVowel--
  let voiced = nucleus
  while (voiced > first && SONORANT.test(phonemes[voiced - 1]?.symbol ?? '')) voiced--
  const nucleusStart = nucleus > last ? segmentStart : startOf(nucleus)
  const codaStart = lastVowel + 1 <= last ? startOf(lastVowel + 1) : segmentEnd
  const held = hold
    ? // A held continuation sings only the vowel, from its middle on, with no onset.
      Math.round((nucleusStart + codaStart) / 2)
    : nucleusStart
  const onsetStart = hold ? held : segmentStart
  const voicedStart = hold ? held : nucleus > last ? segmentStart : startOf(voiced)
  const anchor = Math.round((nucleusStart + Math.max(nucleusStart + 1, codaStart)) / 2)
  const { marks, periods } = pitchMarks(samples, voicedStart, segmentEnd, anchor, sampleRate)
  const half = Math.round(sampleRate * 0.01)
  const levels = marks.map((mark) => rmsAround(samples, mark, half))
  const vowelLevels = levels.filter((_, index) => {
    const mark = marks[index] ?? 0
    return mark >= held && mark < codaStart
  })
  const sorted = [...vowelLevels].sort((a, b) => a - b)
  const reference = sorted[Math.floor(sorted.length / 2)] ?? 0
  const gains = levels.map((level, index) => {
    const mark = marks[index] ?? 0
    if (mark < held || mark >= codaStart || level <= 0) return 1
    return Math.max(0.6, Math.min(2.5, (reference / level) ** 0.8))
  })
  return {
    sampleRate,
    samples,
    onsetStart: Math.min(onsetStart, voicedStart),
    voicedStart,
    nucleusStart: held,
    codaStart: Math.max(held, codaStart),
    end: Math.max(Math.max(held, codaStart), segmentEnd),
    marks: Int32Array.from(marks),
    periods: Float32Array.from(periods),
    gains: Float32Array.from(gains),
  }
}
