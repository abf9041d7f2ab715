/**
 * Every refusal of the audio engine is an `AudioError`: `code` is a stable English identifier for
 * programs (the server maps it to its envelope), `message` is the Chinese sentence shown to users.
 */
export const AUDIO_ERROR_MESSAGES = {
  empty: '文件为空，请上传音频文件',
  unsupported_format: '无法识别的音频格式，请上传 WAV 或 MP3 文件',
  truncated: '音频文件不完整，可能在传输中被截断',
  corrupted: '音频文件已损坏，无法解码',
  unsupported_encoding: '不支持该 WAV 编码，请使用 16/24/32 位 PCM 或 32 位浮点',
  unsupported_sample_rate: '不支持该采样率，请使用 8000 到 192000 Hz 的音频',
  unsupported_channels: '不支持该声道数，请使用单声道或立体声音频',
  too_long: '音频时长超过上限',
  too_short: '音频太短，无法处理',
  silent: '音频没有声音，无法处理',
  invalid_option: '参数不正确',
  cancelled: '任务已取消',
  // A hosted model (an inference service behind the engine) could not do the work.
  hosted_unavailable: '云端模型无响应，请稍后再试',
  hosted_bad_response: '云端模型返回了无法识别的结果',
  hosted_failed: '云端模型未能完成处理，请稍后再试',
  hosted_refused: '云端模型拒绝了请求，请联系管理员检查配置',
  speech_unavailable: '歌声合成器无法启动',
} as const

export type AudioErrorCode = keyof typeof AUDIO_ERROR_MESSAGES

export class AudioError extends Error {
  readonly code: AudioErrorCode

  /** `detail` refines the catalogue sentence (e.g. the limit that was exceeded); it is Chinese too. */
  constructor(code: AudioErrorCode, detail?: string) {
    const base = AUDIO_ERROR_MESSAGES[code]
    super(detail ? `${base}：${detail}` : base)
    this.name = 'AudioError'
    this.code = code
  }
}

export function isAudioError(value: unknown): value is AudioError {
  return value instanceof AudioError
}
