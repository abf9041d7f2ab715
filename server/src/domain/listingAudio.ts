/**
 * Preparing a listing's audio for the player. The store plays MP3 (directly or packaged as HLS),
 * so a deposited WAV or FLAC is encoded to MP3 once, in a job, and the work shows in the store
 * when that is done. An MP3 deposit only has its duration read.
 */
import { decodeAudio, encodeMp3, readMp3Info, type PcmAudio } from '@gy/audio'
import { FLACDecoder } from '@wasm-audio-decoders/flac'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { CONTENT_TYPES } from '../media/contentType'
import { defineJob } from '../plugins/queue'

export const prepareListingAudioJob = defineJob({
  name: 'listing-prepare-audio',
  payload: z.object({ workId: z.string().uuid() }),
  policy: 'short',
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  expireInSeconds: 15 * 60,
})

async function decodeFlac(bytes: Uint8Array): Promise<PcmAudio> {
  const decoder = new FLACDecoder()
  await decoder.ready
  try {
    const decoded = await decoder.decodeFile(bytes)
    if (decoded.samplesDecoded === 0) throw new Error('the FLAC file holds no samples')
    return { sampleRate: decoded.sampleRate, channels: decoded.channelData }
  } finally {
    decoder.free()
  }
}

/** The MP3 the player receives for stored audio, with its duration. */
async function playableMp3(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ mp3: Uint8Array | null; durationMs: number }> {
  if (contentType === CONTENT_TYPES.mp3) {
    return { mp3: null, durationMs: Math.round(readMp3Info(bytes).durationSeconds * 1000) }
  }
  const audio =
    contentType === CONTENT_TYPES.flac ? await decodeFlac(bytes) : await decodeAudio(bytes)
  const frames = audio.channels[0]?.length ?? 0
  return { mp3: encodeMp3(audio), durationMs: Math.round((frames / audio.sampleRate) * 1000) }
}

/** Makes the work's audio playable and shows it in the store; a no-op when it already is. */
export async function prepareListingAudio(app: FastifyInstance, workId: string): Promise<void> {
  const work = await app.db
    .selectFrom('works')
    .select(['id', 'audio_key', 'audio_ready'])
    .where('id', '=', workId)
    .executeTakeFirst()
  if (work === undefined || work.audio_ready) return
  const stored = await app.storage.stat(work.audio_key)
  if (stored === null) throw new Error(`the audio of work ${workId} is not stored`)
  const bytes = await app.storage.readAll(work.audio_key)
  const { mp3, durationMs } = await playableMp3(bytes, stored.contentType)
  const audioKey =
    mp3 === null ? work.audio_key : (await app.storage.put(mp3, CONTENT_TYPES.mp3)).key
  await app.db
    .updateTable('works')
    .set({
      audio_key: audioKey,
      duration_ms: durationMs,
      audio_ready: true,
      // Packaged again from the MP3 when the player first asks.
      hls_playlist_key: null,
      updated_at: app.clock(),
    })
    .where('id', '=', workId)
    .where('audio_ready', '=', false)
    .execute()
}
