import { describe, expect, it } from 'vitest'
import { AUDIO_ERROR_MESSAGES, AudioError, type AudioErrorCode } from './errors'
import { decodeAudio } from './io/decode'
import { encodeMp3, readMp3Info } from './io/mp3'
import { isXingFrame, parseMpegFrameHeader } from './io/mp3Frames'
import { encodeWav } from './io/wav'
import {
  convertFile,
  coverFile,
  encodeVerified,
  generateFile,
  normalizeFile,
  separateFile,
  toGeneratedFile,
} from './jobs'
import { mp3TruePeakDb } from './measure/delivery'
import { integratedLoudness, truePeakDb } from './measure/loudness'
import type { PcmAudio } from './types'

/**
 * A short stereo song: a centred "voice" (vibrato, syllables) over a side-panned chord and a kick,
 * so separation has something to do. Deterministic.
 */
function song(seconds: number, sampleRate = 22050, amplitude = 0.25): PcmAudio {
  const length = Math.round(seconds * sampleRate)
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 3 * t)
    const voice =
      syllable * Math.sin(2 * Math.PI * 220 * t + 2 * Math.sin(2 * Math.PI * 5 * t)) +
      0.3 * syllable * Math.sin(2 * Math.PI * 440 * t)
    const beat = t % 0.5
    const kick = Math.sin(2 * Math.PI * 55 * beat) * Math.exp(-beat * 12)
    const chord = Math.sin(2 * Math.PI * 130.8 * t) + Math.sin(2 * Math.PI * 196 * t)
    left[i] = amplitude * (0.5 * voice + 0.3 * kick + 0.3 * chord)
    right[i] = amplitude * (0.5 * voice + 0.3 * kick + 0.1 * chord)
  }
  return { sampleRate, channels: [left, right] }
}

const input = song(4)
const inputWav = encodeWav(input, { bitDepth: 16 })

/** Signal-to-error ratio in dB of `actual` against `expected`, over all channels. */
function snrDb(actual: PcmAudio, expected: PcmAudio): number {
  let error = 0
  let power = 0
  expected.channels.forEach((channel, c) => {
    const other = actual.channels[c] as Float32Array
    channel.forEach((value, i) => {
      error += ((other[i] ?? 0) - value) ** 2
      power += value * value
    })
  })
  return 10 * Math.log10(power / error)
}

async function refusal(promise: Promise<unknown>): Promise<AudioError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof AudioError))
    throw new Error(`expected an AudioError, got ${String(error)}`)
  return error
}

async function expectRefused(promise: Promise<unknown>, code: AudioErrorCode): Promise<void> {
  const error = await refusal(promise)
  expect(error.code).toBe(code)
  // The user sees the catalogue's Chinese sentence (possibly with a Chinese detail after it).
  expect(error.message.startsWith(AUDIO_ERROR_MESSAGES[code])).toBe(true)
}

describe('separateFile', () => {
  it('returns MP3 stems that share one gain and sum back to the scaled input', async () => {
    const progress: number[] = []
    const result = await separateFile(inputWav, { onProgress: (f) => progress.push(f) })
    const vocals = await decodeAudio(result.vocals)
    const accompaniment = await decodeAudio(result.accompaniment)
    const decodedInput = await decodeAudio(inputWav)
    expect(result.durationSeconds).toBeCloseTo(4, 5)
    expect(vocals.channels[0]).toHaveLength(decodedInput.channels[0]?.length ?? -1)
    expect(accompaniment.channels[0]).toHaveLength(decodedInput.channels[0]?.length ?? -1)

    const gain = 10 ** (result.gainDb / 20)
    const sum: PcmAudio = {
      sampleRate: vocals.sampleRate,
      channels: vocals.channels.map((channel, c) =>
        channel.map((value, i) => value + (accompaniment.channels[c]?.[i] ?? 0)),
      ),
    }
    const scaledInput: PcmAudio = {
      sampleRate: decodedInput.sampleRate,
      channels: decodedInput.channels.map((channel) => channel.map((value) => value * gain)),
    }
    // Two 192 kbit/s MP3s summed: far from exact, far closer than a wrong gain or a shift would be.
    expect(snrDb(sum, scaledInput)).toBeGreaterThan(20)
    // Both stems are real (the voice went somewhere, and not all of the song did).
    expect(integratedLoudness(vocals)).toBeGreaterThan(-40)
    expect(integratedLoudness(accompaniment)).toBeGreaterThan(-40)
    // One gain for both: the sum is at -14 LUFS unless a stem's true peak held the gain down.
    const sumLoudness = integratedLoudness(sum)
    expect(sumLoudness).toBeLessThan(-13.5)
    const peak = Math.max(truePeakDb(vocals), truePeakDb(accompaniment))
    if (sumLoudness < -14.5) expect(peak).toBeGreaterThan(-1.5)
    // MP3 coding moves peaks a little; the PCM before encoding is held at -1 dBTP.
    expect(peak).toBeLessThanOrEqual(-0.5)

    expect(progress.at(-1)).toBe(1)
    expect(progress.every((value, i) => i === 0 || value >= (progress[i - 1] as number))).toBe(true)
  })
})

describe('coverFile and convertFile', () => {
  it('covers a song into one normalised MP3 of the same length', async () => {
    const progress: number[] = []
    const result = await coverFile(encodeMp3(input), {
      singer: 'warm-male',
      vocalGainDb: 2,
      onProgress: (f) => progress.push(f),
    })
    const audio = await decodeAudio(result.audio)
    expect(audio.channels).toHaveLength(2)
    expect(audio.channels[0]).toHaveLength(input.channels[0]?.length ?? -1)
    expect(integratedLoudness(audio)).toBeCloseTo(-14, 0)
    expect(truePeakDb(audio)).toBeLessThanOrEqual(-0.5)
    expect(progress.at(-1)).toBe(1)
  })

  it('converts a vocal towards a singer, normalised', async () => {
    const mono: PcmAudio = { sampleRate: 22050, channels: [input.channels[0] as Float32Array] }
    const result = await convertFile(encodeWav(mono), { semitones: 4, singer: 'bright-female' })
    const audio = await decodeAudio(result.audio)
    expect(result.channelCount).toBe(1)
    expect(audio.channels[0]).toHaveLength(mono.channels[0]?.length ?? -1)
    expect(integratedLoudness(audio)).toBeCloseTo(-14, 0)
    expect(truePeakDb(audio)).toBeLessThanOrEqual(-0.5)
  })

  it('brings 96 kHz down to 48 kHz and 37.8 kHz to an MP3 rate, and folds 5.1 to stereo', async () => {
    const high = song(1, 96000)
    const converted = await convertFile(encodeWav(high, { bitDepth: 24 }), { semitones: -2 })
    expect(converted.sampleRate).toBe(48000)
    expect((await decodeAudio(converted.audio)).channels[0]).toHaveLength(48000)
    const odd = song(1, 37800)
    const surround: PcmAudio = {
      sampleRate: 37800,
      channels: [...odd.channels, ...odd.channels, ...odd.channels],
    }
    const mastered = await normalizeFile(encodeWav(surround))
    expect(mastered).toMatchObject({ sampleRate: 32000, channelCount: 2, durationSeconds: 1 })
  })

  it('masters a quiet file up to -14 LUFS, limiting its peaks', async () => {
    // Quiet but peaky: the gain to -14 LUFS would push the clicks far over the ceiling.
    const quiet = song(3, 22050, 0.02)
    for (let i = 1000; i < quiet.channels[0]!.length; i += 11025) quiet.channels[0]![i] = 0.9
    const result = await normalizeFile(encodeWav(quiet))
    const audio = await decodeAudio(result.audio)
    expect(integratedLoudness(audio)).toBeCloseTo(-14, 0)
    expect(truePeakDb(audio)).toBeLessThanOrEqual(-0.5)
  })

  it('refuses bad settings before decoding', async () => {
    await expectRefused(coverFile(inputWav, { singer: 'nobody' as never }), 'invalid_option')
    await expectRefused(convertFile(inputWav, { semitones: 30 }), 'invalid_option')
    await expectRefused(separateFile(inputWav, { kbps: 100 }), 'invalid_option')
  })
})

describe('cancelling', () => {
  it('stops a job mid-way when its signal fires', async () => {
    const controller = new AbortController()
    let furthest = 0
    // The conversion pass hands over its output a chunk at a time, so the abort lands inside it.
    const job = convertFile(encodeWav(song(8)), {
      semitones: 2,
      signal: controller.signal,
      onProgress: (fraction) => {
        furthest = fraction
        if (fraction > 0.2 && !controller.signal.aborted) controller.abort()
      },
    })
    await expectRefused(job, 'cancelled')
    expect(furthest).toBeGreaterThan(0.2)
    expect(furthest).toBeLessThan(0.9)
  })

  it('refuses to start with a signal that already fired', async () => {
    const controller = new AbortController()
    controller.abort()
    await expectRefused(normalizeFile(inputWav, { signal: controller.signal }), 'cancelled')
  })
})

describe('bad input', () => {
  const mp3 = encodeMp3(song(2))

  it.each<[string, () => Uint8Array, AudioErrorCode]>([
    ['an empty file', () => new Uint8Array(0), 'empty'],
    [
      'text renamed to .mp3',
      () => new TextEncoder().encode('not audio '.repeat(400)),
      'unsupported_format',
    ],
    ['a WAV cut off mid-way', () => inputWav.subarray(0, inputWav.length >> 1), 'truncated'],
    ['an MP3 cut off mid-way', () => mp3.subarray(0, (mp3.length >> 1) + 7), 'truncated'],
    ['a silent WAV', () => encodeWav(song(2, 22050, 0)), 'silent'],
    ['a 0.2-second clip', () => encodeWav(song(0.2)), 'too_short'],
  ])('refuses %s with a reason', async (_, bytes, code) => {
    await expectRefused(separateFile(bytes()), code)
    await expectRefused(coverFile(bytes(), { singer: 'warm-male' }), code)
  })

  it('refuses a file over 15 minutes from its header, and honours a lower limit', async () => {
    // 16 minutes of 8 kHz 8-bit mono: small enough to build, too long to process.
    const frames = 16 * 60 * 8000
    const header = encodeWav({ sampleRate: 8000, channels: [new Float32Array(1)] })
    const long = new Uint8Array(44 + frames).fill(128)
    long.set(header.subarray(0, 44))
    const view = new DataView(long.buffer)
    view.setUint32(4, long.length - 8, true)
    view.setUint32(28, 8000, true)
    view.setUint16(32, 1, true)
    view.setUint16(34, 8, true)
    view.setUint32(40, frames, true)
    const error = await refusal(separateFile(long))
    expect(error.code).toBe('too_long')
    expect(error.message).toContain('最长 15 分钟')
    await expectRefused(normalizeFile(inputWav, { maxDurationSeconds: 2 }), 'too_long')
  })
})

/** Seconds of audio in a run of whole MPEG frames; throws if it does not end on a frame's end. */
function frameSeconds(frames: Uint8Array): number {
  let samples = 0
  let sampleRate = 1
  let offset = 0
  while (offset < frames.length) {
    const header = parseMpegFrameHeader(frames, offset)
    if (!header || offset + header.length > frames.length)
      throw new Error(`no whole frame at ${offset}`)
    samples += header.samplesPerFrame
    sampleRate = header.sampleRate
    offset += header.length
  }
  return samples / sampleRate
}

describe('generateFile', () => {
  // The refusals that must come before any rendering, the frames told while a request renders,
  // and the MP3 wrapping of a rendered song.
  it('refuses a bad or cancelled request before rendering', async () => {
    await expectRefused(generateFile({ mode: 'smart', prompt: '' }), 'invalid_option')
    const controller = new AbortController()
    controller.abort()
    const request = { mode: 'smart', prompt: '夏夜海边的轻快流行歌' } as const
    await expectRefused(generateFile(request, { signal: controller.signal }), 'cancelled')
  })

  it("tells each variant's frames while it renders; after the Info frame they are the file", async () => {
    const told: Uint8Array[][] = [[], []]
    const progressAtFirstFrames: number[] = []
    let progress = 0
    const finishedBefore: number[] = []
    const started: { index: number; framesBefore: number; title: string; seconds: number }[] = []
    const { variants } = await generateFile(
      { mode: 'smart', prompt: '一首轻快的流行歌，关于周末的公园', seed: 77 },
      {
        onProgress: (fraction) => {
          progress = fraction
        },
        onFrames: (index, frames) => {
          if (told[index]?.length === 0) progressAtFirstFrames[index] = progress
          told[index]?.push(frames)
        },
        onVariantStart: (index, variant) =>
          started.push({
            index,
            framesBefore: told[index]?.length ?? 0,
            title: variant.title,
            seconds: variant.durationSeconds,
          }),
        onVariant: (_, index) => finishedBefore.push(told[index]?.length ?? 0),
      },
    )
    expect(variants).toHaveLength(2)
    variants.forEach((file, index) => {
      const batches = told[index] ?? []
      expect(isXingFrame(file.mp3, 0)).toBe(true)
      const infoLength = parseMpegFrameHeader(file.mp3, 0)?.length ?? 0
      expect(Buffer.concat(batches).equals(Buffer.from(file.mp3.subarray(infoLength)))).toBe(true)
      expect(readMp3Info(file.mp3).durationSeconds).toBeCloseTo(file.durationSeconds, 3)
      // Every batch is whole frames; the first carries enough to start playing, and the rest
      // follow at least every ten seconds of audio.
      const seconds = batches.map(frameSeconds)
      expect(seconds[0]).toBeGreaterThanOrEqual(6)
      for (const later of seconds.slice(1)) expect(later).toBeLessThanOrEqual(10)
      // The first batch comes early: in the first half of the variant's share of the progress.
      const variantProgress = (progressAtFirstFrames[index] ?? 1) * variants.length - index
      expect(variantProgress).toBeLessThan(0.5)
      expect(finishedBefore[index]).toBe(batches.length)
      expect(started[index]).toEqual({
        index,
        framesBefore: 0,
        title: file.title,
        seconds: file.durationSeconds,
      })
    })
  }, 120_000)

  it('stores a rendered song as an MP3 with its lyrics and cover', async () => {
    const file = toGeneratedFile({
      title: '海边',
      audio: input,
      lrc: '[00:00.00]海边',
      coverSvg: '<svg/>',
      seed: 7,
      key: 'C major',
      tempo: 120,
      style: 'pop',
      durationSeconds: 4,
    })
    const audio = await decodeAudio(file.mp3)
    expect(audio.channels[0]).toHaveLength(input.channels[0]?.length ?? -1)
    expect(file).toMatchObject({ title: '海边', lrc: '[00:00.00]海边', seed: 7, tempo: 120 })
    expect(file).not.toHaveProperty('audio')
  })
})

describe('encodeVerified', () => {
  /** A second of 1 kHz at `peakDb` (a sine's true peak is its amplitude), as stereo MP3. */
  function toneMp3(peakDb: number): Uint8Array {
    const samples = new Float32Array(44100)
    const amplitude = Math.pow(10, peakDb / 20)
    for (let i = 0; i < samples.length; i++) {
      samples[i] = amplitude * Math.sin((2 * Math.PI * 1000 * i) / 44100)
    }
    return encodeMp3({ sampleRate: 44100, channels: [samples, samples] })
  }

  it('encodes again, quieter by the excess, when a decoded file peaks over -1 dBTP', async () => {
    const gains: number[] = []
    const files = await encodeVerified(async (extraGain) => {
      gains.push(extraGain)
      return [toneMp3(-6), toneMp3(20 * Math.log10(0.99 * extraGain))]
    }, undefined)
    const firstPeak = await mp3TruePeakDb(toneMp3(20 * Math.log10(0.99)))
    expect(firstPeak).toBeGreaterThan(-1)
    expect(gains).toHaveLength(2)
    expect(gains[0]).toBe(1)
    // Lowered by what the first file was over, and 0.1 dB more.
    expect(20 * Math.log10(gains[1] as number)).toBeCloseTo(-1.1 - firstPeak, 5)
    expect(await mp3TruePeakDb(files[1] as Uint8Array)).toBeLessThanOrEqual(-1)
  })

  it('keeps files that already keep the promise, encoding once', async () => {
    let calls = 0
    await encodeVerified(async () => {
      calls++
      return [toneMp3(-3)]
    }, undefined)
    expect(calls).toBe(1)
  })
})
