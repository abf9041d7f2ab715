/**
 * A SoundFont 2 reader and sampler for the realistic separation set: enough of the SF2 2.04
 * specification to play General MIDI instruments from FluidR3_GM roughly as a synthesiser would.
 *
 * Read: the RIFF chunks, preset and instrument zones with global zones, key and velocity ranges,
 * 16-bit samples with their loop points, root key and pitch correction.
 * Played: sample address and loop offsets, tuning (coarse, fine, scale tuning, overriding root key),
 * loop modes (none, continuous, until release), the volume envelope (delay, attack, hold, decay,
 * sustain, release), initial attenuation, pan, a one-pole low-pass at the initial filter cutoff, and
 * a velocity curve. Preset-level generators add to the instrument's for the generators the
 * specification calls additive.
 * Not played: modulators (only the default velocity curve is imitated), the modulation envelope,
 * LFOs, chorus and reverb sends, 24-bit sample extensions. A bench set does not need them to sound
 * like real instruments to a separation method: what matters is real recorded timbres with their
 * attacks, decays and noise, not identical synthesised waveforms.
 */
import { AudioError } from '../../src/errors'

/** Generator numbers from the SF2 2.04 specification, section 8.1.2. */
const GENERATOR = {
  startAddressOffset: 0,
  endAddressOffset: 1,
  startLoopOffset: 2,
  endLoopOffset: 3,
  startAddressCoarseOffset: 4,
  initialFilterCutoff: 8,
  endAddressCoarseOffset: 12,
  pan: 17,
  delayVolumeEnvelope: 33,
  attackVolumeEnvelope: 34,
  holdVolumeEnvelope: 35,
  decayVolumeEnvelope: 36,
  sustainVolumeEnvelope: 37,
  releaseVolumeEnvelope: 38,
  instrument: 41,
  keyRange: 43,
  velocityRange: 44,
  startLoopCoarseOffset: 45,
  initialAttenuation: 48,
  endLoopCoarseOffset: 50,
  coarseTune: 51,
  fineTune: 52,
  sampleId: 53,
  sampleModes: 54,
  scaleTuning: 56,
  overridingRootKey: 58,
} as const

/** Defaults of the generators used here (section 8.1.3); the rest default to 0. */
const DEFAULTS: Record<number, number> = {
  [GENERATOR.initialFilterCutoff]: 13_500,
  [GENERATOR.delayVolumeEnvelope]: -12_000,
  [GENERATOR.attackVolumeEnvelope]: -12_000,
  [GENERATOR.holdVolumeEnvelope]: -12_000,
  [GENERATOR.decayVolumeEnvelope]: -12_000,
  [GENERATOR.releaseVolumeEnvelope]: -12_000,
  [GENERATOR.scaleTuning]: 100,
  [GENERATOR.overridingRootKey]: -1,
}

/** Generators that a preset zone adds to the instrument's value rather than replacing it. */
const ADDITIVE = new Set<number>([
  GENERATOR.initialFilterCutoff,
  GENERATOR.pan,
  GENERATOR.delayVolumeEnvelope,
  GENERATOR.attackVolumeEnvelope,
  GENERATOR.holdVolumeEnvelope,
  GENERATOR.decayVolumeEnvelope,
  GENERATOR.sustainVolumeEnvelope,
  GENERATOR.releaseVolumeEnvelope,
  GENERATOR.initialAttenuation,
  GENERATOR.coarseTune,
  GENERATOR.fineTune,
  GENERATOR.scaleTuning,
])

interface Zone {
  generators: Map<number, number>
  keyLow: number
  keyHigh: number
  velocityLow: number
  velocityHigh: number
}

export interface SampleHeader {
  name: string
  start: number
  end: number
  loopStart: number
  loopEnd: number
  sampleRate: number
  originalPitch: number
  pitchCorrection: number
}

interface Instrument {
  name: string
  globalZone: Zone | undefined
  zones: Zone[]
}

export interface Preset {
  name: string
  program: number
  bank: number
  globalZone: Zone | undefined
  zones: Zone[]
}

export interface SoundFont {
  presets: Preset[]
  instruments: Instrument[]
  samples: SampleHeader[]
  /** Every sample point of the font as stored (16-bit); FluidR3's would take 280 MB as floats. */
  sampleData: Int16Array
}

function corrupted(detail: string): AudioError {
  return new AudioError('corrupted', `音色库（SF2）格式错误：${detail}`)
}

interface Chunk {
  id: string
  offset: number
  size: number
}

function readChunks(view: DataView, start: number, end: number): Chunk[] {
  const chunks: Chunk[] = []
  let position = start
  while (position + 8 <= end) {
    const id = fourCharacterCode(view, position)
    const size = view.getUint32(position + 4, true)
    if (position + 8 + size > end) throw corrupted(`${id} 块超出文件长度`)
    chunks.push({ id, offset: position + 8, size })
    position += 8 + size + (size & 1)
  }
  return chunks
}

function fourCharacterCode(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  )
}

function readName(view: DataView, offset: number): string {
  let name = ''
  for (let i = 0; i < 20; i++) {
    const code = view.getUint8(offset + i)
    if (code === 0) break
    name += String.fromCharCode(code)
  }
  return name.trim()
}

/** The LIST chunk of the given type, with its sub-chunks. */
function list(view: DataView, chunks: Chunk[], type: string): Map<string, Chunk> {
  const found = chunks.find(
    (chunk) => chunk.id === 'LIST' && fourCharacterCode(view, chunk.offset) === type,
  )
  if (!found) throw corrupted(`缺少 ${type} 列表`)
  const inner = readChunks(view, found.offset + 4, found.offset + found.size)
  return new Map(inner.map((chunk) => [chunk.id, chunk]))
}

function required(chunks: Map<string, Chunk>, id: string, recordSize: number): Chunk {
  const chunk = chunks.get(id)
  if (!chunk || chunk.size % recordSize !== 0 || chunk.size < recordSize) {
    throw corrupted(`${id} 块缺失或长度不对`)
  }
  return chunk
}

/** Reads the bag and generator lists into zones; `terminal` is the generator that ends a zone. */
function readZones(
  view: DataView,
  bags: Chunk,
  generators: Chunk,
  firstBag: number,
  endBag: number,
  terminal: number,
): { globalZone: Zone | undefined; zones: Zone[] } {
  const zones: Zone[] = []
  let globalZone: Zone | undefined
  const generatorCount = generators.size / 4
  for (let bag = firstBag; bag < endBag; bag++) {
    const firstGenerator = view.getUint16(bags.offset + bag * 4, true)
    const endGenerator = view.getUint16(bags.offset + (bag + 1) * 4, true)
    if (firstGenerator > endGenerator || endGenerator > generatorCount) {
      throw corrupted('生成器索引越界')
    }
    const zone: Zone = {
      generators: new Map(),
      keyLow: 0,
      keyHigh: 127,
      velocityLow: 0,
      velocityHigh: 127,
    }
    for (let index = firstGenerator; index < endGenerator; index++) {
      const at = generators.offset + index * 4
      const operator = view.getUint16(at, true)
      if (operator === GENERATOR.keyRange) {
        zone.keyLow = view.getUint8(at + 2)
        zone.keyHigh = view.getUint8(at + 3)
      } else if (operator === GENERATOR.velocityRange) {
        zone.velocityLow = view.getUint8(at + 2)
        zone.velocityHigh = view.getUint8(at + 3)
      } else if (operator === GENERATOR.instrument || operator === GENERATOR.sampleId) {
        zone.generators.set(operator, view.getUint16(at + 2, true))
      } else {
        zone.generators.set(operator, view.getInt16(at + 2, true))
      }
    }
    // A first zone without the terminal generator is the global zone (section 7.3 and 7.9).
    if (!zone.generators.has(terminal)) {
      if (bag === firstBag) globalZone = zone
      continue
    }
    zones.push(zone)
  }
  return { globalZone, zones }
}

export function parseSoundFont(bytes: Uint8Array): SoundFont {
  if (bytes.length < 12) throw corrupted('文件太短')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (fourCharacterCode(view, 0) !== 'RIFF' || fourCharacterCode(view, 8) !== 'sfbk') {
    throw corrupted('不是 RIFF sfbk 文件')
  }
  const riffEnd = Math.min(bytes.length, 8 + view.getUint32(4, true))
  const top = readChunks(view, 12, riffEnd)
  const sampleChunks = list(view, top, 'sdta')
  const presetChunks = list(view, top, 'pdta')
  const smpl = sampleChunks.get('smpl')
  if (!smpl) throw corrupted('缺少 smpl 采样块')
  // SF2 samples are little-endian, as every platform this runs on, so the file's bytes are used
  // as they are: a view when the chunk is aligned (FluidR3's is), a copy of the chunk otherwise.
  const start = bytes.byteOffset + smpl.offset
  const sampleData =
    start % 2 === 0
      ? new Int16Array(bytes.buffer, start, smpl.size >> 1)
      : new Int16Array(bytes.buffer.slice(start, start + (smpl.size & ~1)))

  const phdr = required(presetChunks, 'phdr', 38)
  const pbag = required(presetChunks, 'pbag', 4)
  const pgen = required(presetChunks, 'pgen', 4)
  const inst = required(presetChunks, 'inst', 22)
  const ibag = required(presetChunks, 'ibag', 4)
  const igen = required(presetChunks, 'igen', 4)
  const shdr = required(presetChunks, 'shdr', 46)

  const samples: SampleHeader[] = []
  // The last record of each list is a terminal record ("EOS", "EOI", "EOP").
  for (let i = 0; i < shdr.size / 46 - 1; i++) {
    const at = shdr.offset + i * 46
    const sample: SampleHeader = {
      name: readName(view, at),
      start: view.getUint32(at + 20, true),
      end: view.getUint32(at + 24, true),
      loopStart: view.getUint32(at + 28, true),
      loopEnd: view.getUint32(at + 32, true),
      sampleRate: view.getUint32(at + 36, true),
      originalPitch: view.getUint8(at + 40),
      pitchCorrection: view.getInt8(at + 41),
    }
    if (sample.end > sampleData.length || sample.start > sample.end || sample.sampleRate === 0) {
      throw corrupted(`采样 ${sample.name} 的地址或采样率无效`)
    }
    samples.push(sample)
  }
  const instrumentCount = inst.size / 22 - 1
  const bagCount = (chunk: Chunk): number => chunk.size / 4
  const instruments: Instrument[] = []
  for (let i = 0; i < instrumentCount; i++) {
    const at = inst.offset + i * 22
    const firstBag = view.getUint16(at + 20, true)
    const endBag = view.getUint16(at + 22 + 20, true)
    if (firstBag > endBag || endBag >= bagCount(ibag)) throw corrupted('乐器分区索引越界')
    const { globalZone, zones } = readZones(view, ibag, igen, firstBag, endBag, GENERATOR.sampleId)
    for (const zone of zones) {
      if (zone.generators.get(GENERATOR.sampleId)! >= samples.length) {
        throw corrupted('乐器引用了不存在的采样')
      }
    }
    instruments.push({ name: readName(view, at), globalZone, zones })
  }
  const presets: Preset[] = []
  for (let i = 0; i < phdr.size / 38 - 1; i++) {
    const at = phdr.offset + i * 38
    const firstBag = view.getUint16(at + 24, true)
    const endBag = view.getUint16(at + 38 + 24, true)
    if (firstBag > endBag || endBag >= bagCount(pbag)) throw corrupted('音色分区索引越界')
    const { globalZone, zones } = readZones(
      view,
      pbag,
      pgen,
      firstBag,
      endBag,
      GENERATOR.instrument,
    )
    for (const zone of zones) {
      if (zone.generators.get(GENERATOR.instrument)! >= instruments.length) {
        throw corrupted('音色引用了不存在的乐器')
      }
    }
    presets.push({
      name: readName(view, at),
      program: view.getUint16(at + 20, true),
      bank: view.getUint16(at + 22, true),
      globalZone,
      zones,
    })
  }
  return { presets, instruments, samples, sampleData }
}

/** One sample to play for a note, with every generator resolved. */
export interface Voice {
  sample: SampleHeader
  generators: (operator: number) => number
}

function inRange(zone: Zone, key: number, velocity: number): boolean {
  return (
    key >= zone.keyLow &&
    key <= zone.keyHigh &&
    velocity >= zone.velocityLow &&
    velocity <= zone.velocityHigh
  )
}

export function findPreset(font: SoundFont, bank: number, program: number): Preset {
  const preset =
    font.presets.find((candidate) => candidate.bank === bank && candidate.program === program) ??
    font.presets.find((candidate) => candidate.bank === bank)
  if (!preset) throw new AudioError('invalid_option', `音色库中没有音色 ${bank}:${program}`)
  return preset
}

/** The voices a preset plays for one key and velocity (layered zones give several). */
export function voicesFor(font: SoundFont, preset: Preset, key: number, velocity: number): Voice[] {
  const voices: Voice[] = []
  for (const presetZone of preset.zones) {
    if (!inRange(presetZone, key, velocity)) continue
    const instrument = font.instruments[presetZone.generators.get(GENERATOR.instrument)!]!
    for (const zone of instrument.zones) {
      if (!inRange(zone, key, velocity)) continue
      const sample = font.samples[zone.generators.get(GENERATOR.sampleId)!]!
      const presetGlobal = preset.globalZone?.generators
      const instrumentGlobal = instrument.globalZone?.generators
      voices.push({
        sample,
        generators: (operator) => {
          const base =
            zone.generators.get(operator) ??
            instrumentGlobal?.get(operator) ??
            DEFAULTS[operator] ??
            0
          if (!ADDITIVE.has(operator)) return base
          return base + (presetZone.generators.get(operator) ?? presetGlobal?.get(operator) ?? 0)
        },
      })
    }
  }
  return voices
}

export interface NoteEvent {
  /** Onset in seconds from the start of the output. */
  start: number
  /** Seconds until the key is released (the release phase follows). */
  duration: number
  /** MIDI key number. */
  key: number
  /** MIDI velocity, 1 to 127. */
  velocity: number
  /** Pitch offset in cents (a player's intonation). */
  detuneCents?: number
}

function timecentsToSeconds(timecents: number): number {
  return 2 ** (timecents / 1200)
}

/** Release time after which a voice is cut (its level is then below -100 dB). */
const MAX_RELEASE_SECONDS = 4

/**
 * Plays one note of a preset into a stereo pair of buffers at `sampleRate`, adding to what is
 * there. `pan` (-1 left to 1 right) is added to each zone's own pan.
 */
export function playNote(
  font: SoundFont,
  preset: Preset,
  note: NoteEvent,
  output: { left: Float32Array; right: Float32Array; sampleRate: number },
  pan = 0,
  gain = 1,
): void {
  const velocity = Math.max(1, Math.min(127, Math.round(note.velocity)))
  for (const voice of voicesFor(font, preset, note.key, velocity)) {
    playVoice(font.sampleData, voice, note, velocity, output, pan, gain)
  }
}

function playVoice(
  data: Int16Array,
  { sample, generators: generator }: Voice,
  note: NoteEvent,
  velocity: number,
  output: { left: Float32Array; right: Float32Array; sampleRate: number },
  pan: number,
  gain: number,
): void {
  const { sampleRate, left, right } = output
  const start =
    sample.start +
    generator(GENERATOR.startAddressOffset) +
    32_768 * generator(GENERATOR.startAddressCoarseOffset)
  const end = Math.min(
    data.length,
    sample.end +
      generator(GENERATOR.endAddressOffset) +
      32_768 * generator(GENERATOR.endAddressCoarseOffset),
  )
  const loopStart =
    sample.loopStart +
    generator(GENERATOR.startLoopOffset) +
    32_768 * generator(GENERATOR.startLoopCoarseOffset)
  const loopEnd =
    sample.loopEnd +
    generator(GENERATOR.endLoopOffset) +
    32_768 * generator(GENERATOR.endLoopCoarseOffset)
  const mode = generator(GENERATOR.sampleModes) & 3
  const looping = (mode === 1 || mode === 3) && loopEnd - loopStart > 1 && loopEnd <= end
  const overridingRoot = generator(GENERATOR.overridingRootKey)
  const root = overridingRoot >= 0 ? overridingRoot : sample.originalPitch
  const cents =
    (note.key - root) * generator(GENERATOR.scaleTuning) +
    100 * generator(GENERATOR.coarseTune) +
    generator(GENERATOR.fineTune) +
    sample.pitchCorrection +
    (note.detuneCents ?? 0)
  const step = (2 ** (cents / 1200) * sample.sampleRate) / sampleRate

  // FluidSynth scales the attenuation generator by 0.4 (the EMU hardware's habit), and FluidR3 was
  // voiced for that; velocity follows the default concave curve roughly as amplitude (v/127)².
  const attenuation = 10 ** ((-0.4 * Math.max(0, generator(GENERATOR.initialAttenuation))) / 200)
  const level = (attenuation * (velocity / 127) ** 2 * gain) / 32_768
  const position = Math.max(-1, Math.min(1, generator(GENERATOR.pan) / 500 + pan))
  const angle = ((position + 1) * Math.PI) / 4
  const leftGain = Math.cos(angle) * level
  const rightGain = Math.sin(angle) * level

  const delay = timecentsToSeconds(generator(GENERATOR.delayVolumeEnvelope)) * sampleRate
  const attack = timecentsToSeconds(generator(GENERATOR.attackVolumeEnvelope)) * sampleRate
  const hold = timecentsToSeconds(generator(GENERATOR.holdVolumeEnvelope)) * sampleRate
  const decay = timecentsToSeconds(generator(GENERATOR.decayVolumeEnvelope)) * sampleRate
  const sustainDb = -Math.max(0, Math.min(1440, generator(GENERATOR.sustainVolumeEnvelope))) / 10
  const release = Math.min(
    MAX_RELEASE_SECONDS * sampleRate,
    timecentsToSeconds(generator(GENERATOR.releaseVolumeEnvelope)) * sampleRate,
  )
  // The filter cutoff is in absolute cents (8.176 Hz · 2^(c/1200)); 13500 and above is open.
  const cutoffCents = generator(GENERATOR.initialFilterCutoff)
  const cutoffHz = 8.176 * 2 ** (cutoffCents / 1200)
  const filtered = cutoffCents < 13_500 && cutoffHz < sampleRate / 2
  const smoothing = filtered ? 1 - Math.exp((-2 * Math.PI * cutoffHz) / sampleRate) : 1

  const first = Math.round(note.start * sampleRate)
  const releaseAt = Math.round(note.duration * sampleRate)
  // Decay and release fall by 100 dB over their time: a constant factor per sample.
  const decayFactor = 10 ** (-5 / Math.max(1, decay))
  const releaseFactor = 10 ** (-5 / Math.max(1, release))
  const sustain = 10 ** (sustainDb / 20)
  let phase = start
  let lowpassed = 0
  let envelope = 0
  let decayed = 1
  for (let offset = 0; ; offset++) {
    const index = first + offset
    if (index >= left.length) break
    // Volume envelope: linear attack, then decay towards sustain and release in decibels.
    if (offset < releaseAt) {
      const t = offset - delay
      if (t < 0) envelope = 0
      else if (t < attack) envelope = t / attack
      else if (t < attack + hold) envelope = 1
      else {
        decayed = Math.max(sustain, decayed * decayFactor)
        envelope = decayed
      }
    } else {
      if (offset - releaseAt >= release) break
      envelope *= releaseFactor
    }
    if (looping && (mode === 1 || offset < releaseAt)) {
      while (phase >= loopEnd) phase -= loopEnd - loopStart
    } else if (phase >= end - 1) {
      break
    }
    const whole = Math.floor(phase)
    const fraction = phase - whole
    const next = looping && whole + 1 >= loopEnd ? loopStart : whole + 1
    let value = data[whole]! + (data[next]! - data[whole]!) * fraction
    if (filtered) {
      lowpassed += smoothing * (value - lowpassed)
      value = lowpassed
    }
    if (index >= 0) {
      value *= envelope
      left[index]! += value * leftGain
      right[index]! += value * rightGain
    }
    phase += step
  }
}
