// The public face of the audio engine: what the server and the CLI import.
export type { PcmAudio, ProgressCallback } from './types'
export { AUDIO_ERROR_MESSAGES, AudioError, isAudioError, type AudioErrorCode } from './errors'

export {
  DEFAULT_MAX_DURATION_SECONDS,
  decodeAudio,
  probeAudio,
  sniffAudioFormat,
  streamAudio,
  type AudioFileFormat,
  type AudioProbe,
  type DecodeOptions,
} from './io/decode'
export { decodeWav, encodeWav, readWavInfo, type WavEncodeOptions, type WavInfo } from './io/wav'
export {
  MP3_BITRATES,
  Mp3StreamEncoder,
  decodeMp3,
  encodeMp3,
  readMp3Info,
  streamMp3,
  type EncodedFrames,
  type Mp3EncodeOptions,
  type Mp3Info,
} from './io/mp3'
export {
  id3TagLength,
  isMpegFrameChain,
  isXingFrame,
  parseMpegFrameHeader,
  scanMp3,
  sideInfoLength,
  type Mp3Stream,
  type MpegFrame,
  type MpegFrameHeader,
} from './io/mp3Frames'
export { readMp3Aigc, readWavAigc, writeMp3Aigc, writeWavAigc, type AigcLabel } from './io/aigc'

export { ResampleStream, resample, resampleSamples } from './resample'
export { PcmTape } from './io/pcmTape'
export {
  applyGain,
  cloneAudio,
  dbToGain,
  frameCount,
  gainToDb,
  mixTracks,
  samplePeak,
  sliceAudio,
  toChannelCount,
  toMono,
  toStereo,
  type MixTrack,
} from './mix'

export {
  DEFAULT_MAX_TRUE_PEAK_DB,
  DEFAULT_TARGET_LUFS,
  LIMITER_BLOCK_SAMPLES,
  LoudnessMeter,
  applyNormalization,
  integratedLoudness,
  normalizeLoudness,
  normalizeLoudnessInPlace,
  planNormalization,
  truePeakDb,
  type LoudnessGainPlan,
  type NormalizeOptions,
  type PcmChunkSource,
} from './measure/loudness'
export { BlockTruePeakMeter, TruePeakMeter } from './measure/truePeak'
export { estimateTempo, type TempoEstimate } from './measure/tempo'
export { durationSeconds, formatDuration } from './measure/duration'
export { analyzeAudio, type AudioAnalysis } from './measure/analyze'

export {
  SeparationStream,
  separate,
  type SeparateOptions,
  type SeparatedStems,
} from './separation/separate'

export {
  CoverMixer,
  MAX_SHIFT_SEMITONES,
  SINGER_PRESETS,
  SINGER_PRESET_IDS,
  VoiceConverter,
  checkConvertOptions,
  checkCoverOptions,
  convertVoice,
  coverSong,
  type ConvertVoiceOptions,
  type CoverSongOptions,
  type SingerPreset,
  type SingerPresetId,
} from './conversion/convert'
export { findSingerPreset } from './conversion/singers'
export { singerPreview } from './conversion/preview'
export { pronounceSyllables, type SungSyllable } from './generation/singing/pronounce'
export {
  createSingingVoice,
  SINGER_VOICES,
  type SingingVoice,
  type SungNote,
} from './generation/singing/singingVoice'
export { useSpeechSource, warmUpSpeech, type SpeechSource } from './generation/singing/speech'
export { TONE_BAND_TYPES, type ToneBand, type ToneBandType } from './conversion/toneCurve'
export { trackPitch, medianVoicedPitch } from './conversion/pitch'
export { PitchShifter, pitchShiftChannel, type PitchShiftOptions } from './conversion/pitchShift'

export {
  GENERATION_SAMPLE_RATE,
  VARIANTS_PER_REQUEST,
  composeForRequest,
  generateSong,
  renderSong,
  songDetails,
  streamSong,
  type GenerateOptions,
  type RenderSongOptions,
  type SongDetails,
  type GeneratedSong,
  type GenerationRequest,
} from './generation/generate'
export { BEATS_PER_BAR, type Composition } from './generation/composer'
export { GENERATION_LIMITS, validateRequest } from './generation/request'
export {
  MOOD_LABELS,
  SONG_MOODS,
  SONG_STYLES,
  STYLE_LABELS,
  type SongMood,
  type SongStyle,
} from './generation/styles'

export {
  convertFile,
  coverFile,
  generateFile,
  normalizeFile,
  separateFile,
  type AudioFileResult,
  type ConvertFileOptions,
  type CoverFileOptions,
  type FileJobOptions,
  type GenerateFileOptions,
  type GeneratedFile,
  type SeparatedFiles,
} from './jobs'

export {
  LOCAL_ENGINE_VERSION,
  createLocalAiEngine,
  type AiEngine,
  type CoverRequest,
  type EngineJobOptions,
  type LocalAiEngineOptions,
  type SeparationResult,
  type VoiceConversionRequest,
} from './engine'
