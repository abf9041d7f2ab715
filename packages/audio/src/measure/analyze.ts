import type { PcmAudio } from '../types'
import { durationSeconds } from './duration'
import { integratedLoudness, truePeakDb } from './loudness'
import { estimateTempo, type TempoEstimate } from './tempo'

/** The measured facts about a piece of audio, as reports and the CLI show them. */
export interface AudioAnalysis {
  sampleRate: number
  channelCount: number
  durationSeconds: number
  /** Integrated loudness (BS.1770 / EBU R128), -Infinity for silence. */
  loudnessLufs: number
  truePeakDb: number
  /** Absent for silence or audio shorter than a few seconds. */
  tempo?: TempoEstimate
}

export function analyzeAudio(audio: PcmAudio, options: { tempo?: boolean } = {}): AudioAnalysis {
  const analysis: AudioAnalysis = {
    sampleRate: audio.sampleRate,
    channelCount: audio.channels.length,
    durationSeconds: durationSeconds(audio),
    loudnessLufs: integratedLoudness(audio),
    truePeakDb: truePeakDb(audio),
  }
  if (options.tempo !== false) {
    const tempo = estimateTempo(audio)
    if (tempo) analysis.tempo = tempo
  }
  return analysis
}
