// Run in a child process by bench/separation.ts: `node --import tsx separation-memory.ts stream|whole`.
// Separates a 10-minute stereo 44.1 kHz song and prints {"maxRssMb", "wallSeconds", "cpuSeconds", "audioSeconds",
// "buffersMb"} as JSON, so the peak memory is that of this job alone (plus Node and tsx).
// The song is a 30-second synthetic example played twenty times over: enough for the memory
// figure, which depends on length, not on content.
import { SeparationStream, separate } from '../src/separation/separate'
import { peakRssMb } from './peakRss'
import { synthesiseSeparationExample } from './separation-set'

const SONG_SECONDS = 600
const mode = process.argv[2]
if (mode !== 'stream' && mode !== 'whole') {
  console.error('usage: separation-memory.ts stream|whole')
  process.exit(2)
}
const tile = synthesiseSeparationExample({ style: 'pop', seed: 404, durationSeconds: 30 }).mixture
const { sampleRate } = tile
const tileLength = tile.channels[0]!.length
const songLength = SONG_SECONDS * sampleRate
const cpuStart = process.cpuUsage()
const started = performance.now()
let buffers = 0

if (mode === 'stream') {
  // Feed one second at a time and keep nothing, as a decoder → separator → encoder pipe would.
  const stream = new SeparationStream(sampleRate, 2)
  let outputSamples = 0
  for (let start = 0; start < songLength; start += sampleRate) {
    const offset = start % tileLength
    const chunk = tile.channels.map((channel) => channel.subarray(offset, offset + sampleRate))
    outputSamples += stream.push(chunk).vocals[0]!.length
  }
  outputSamples += stream.end().vocals[0]!.length
  if (outputSamples !== songLength)
    throw new Error(`streamed ${outputSamples} of ${songLength} samples`)
} else {
  const channels = tile.channels.map((channel) => {
    const whole = new Float32Array(songLength)
    for (let start = 0; start < songLength; start += tileLength) {
      whole.set(channel.subarray(0, Math.min(tileLength, songLength - start)), start)
    }
    return whole
  })
  const stems = separate({ sampleRate, channels })
  buffers = 3 * channels.length * songLength * 4
  if (stems.vocals.channels[0]!.length !== songLength) throw new Error('wrong stem length')
}
const cpu = process.cpuUsage(cpuStart)
console.log(
  JSON.stringify({
    maxRssMb: peakRssMb(),
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    audioSeconds: SONG_SECONDS,
    buffersMb: buffers / 2 ** 20,
  }),
)
