/**
 * The AI engine switch: the built-in engine unless AI_ENGINE=hosted names at least one model, each
 * task's model with its input template and output names, and production refusing hosted models
 * without a token.
 */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const PRODUCTION = {
  NODE_ENV: 'production',
  SIGN_SECRET: 'real-secret',
  FILE_URL_SECRET: 'a-file-url-secret-for-production',
  PUBLIC_BASE_URL: 'https://gy.example.com',
  DEPOSIT_LOG_SIGNING_KEY: 'Z3ktZGVwb3NpdC1sb2ctdGVzdC1rZXktMzItYnl0ZXM=',
  SMS_PROVIDER: 'webhook',
  SMS_WEBHOOK_URL: 'https://sms.example.com/send',
}

const DEMUCS = 'cjwbw/demucs:25a173108cff36ef9f80f854c162d01df9e6528be175794b81158fa03836d953'

describe('loadConfig: the AI engine', () => {
  it('is the built-in engine by default, whatever hosted variables are set', () => {
    expect(loadConfig({}).aiEngine).toEqual({ kind: 'local' })
    expect(loadConfig({ AI_HOSTED_SEPARATION_MODEL: DEMUCS }).aiEngine).toEqual({ kind: 'local' })
  })

  it('puts hosted models behind the tasks that name one', () => {
    const config = loadConfig({
      AI_ENGINE: 'hosted',
      AI_HOSTED_TOKEN: 'r8_token',
      AI_HOSTED_TIMEOUT_SECONDS: '300',
      AI_HOSTED_SEPARATION_MODEL: DEMUCS,
      AI_HOSTED_SEPARATION_OUTPUT: '{"accompaniment":"no_vocals"}',
      AI_HOSTED_COVER_MODEL: 'owner/rvc:abc',
      AI_HOSTED_COVER_SINGERS: '{"warm-male":"Obama"}',
      AI_HOSTED_COVER_INPUT:
        '{"song_input":"{{audio}}","rvc_model":"{{singer}}","pitch":"{{semitones}}"}',
    })
    expect(config.aiEngine).toEqual({
      kind: 'hosted',
      hosted: {
        baseUrl: 'https://api.replicate.com/v1',
        token: 'r8_token',
        timeoutSeconds: 300,
        separation: { version: DEMUCS, outputs: { accompaniment: 'no_vocals' } },
        cover: {
          version: 'owner/rvc:abc',
          input: { song_input: '{{audio}}', rvc_model: '{{singer}}', pitch: '{{semitones}}' },
          singers: { 'warm-male': 'Obama' },
        },
        generation: null,
      },
    })
  })

  it('refuses production with hosted models and no token', () => {
    const hosted = { ...PRODUCTION, AI_ENGINE: 'hosted', AI_HOSTED_SEPARATION_MODEL: DEMUCS }
    expect(() => loadConfig(hosted)).toThrow(/AI_HOSTED_TOKEN/)
    expect(loadConfig({ ...hosted, AI_HOSTED_TOKEN: 'r8_token' }).aiEngine.kind).toBe('hosted')
  })

  it('lets a development server talk to a self-hosted service without a token', () => {
    const config = loadConfig({
      AI_ENGINE: 'hosted',
      AI_HOSTED_BASE_URL: 'http://127.0.0.1:5000/v1',
      AI_HOSTED_GENERATION_MODEL: 'musicgen',
    })
    expect(config.aiEngine).toMatchObject({ kind: 'hosted', hosted: { token: '' } })
  })

  it('refuses a hosted engine with no model, a template that is not JSON or uses unknown placeholders', () => {
    expect(() => loadConfig({ AI_ENGINE: 'hosted', AI_HOSTED_TOKEN: 't' })).toThrow(ConfigError)
    expect(() =>
      loadConfig({
        AI_ENGINE: 'hosted',
        AI_HOSTED_SEPARATION_MODEL: DEMUCS,
        AI_HOSTED_SEPARATION_INPUT: '{audio}',
      }),
    ).toThrow(/AI_HOSTED_SEPARATION_INPUT must be a JSON object/)
    expect(() =>
      loadConfig({
        AI_ENGINE: 'hosted',
        AI_HOSTED_SEPARATION_MODEL: DEMUCS,
        AI_HOSTED_SEPARATION_INPUT: '{"audio":"{{audio}}","voice":"{{singer}}"}',
      }),
    ).toThrow(/\{\{singer\}\}/)
    expect(() =>
      loadConfig({ AI_ENGINE: 'hosted', AI_HOSTED_COVER_INPUT: '{"audio":"{{audio}}"}' }),
    ).toThrow(/AI_HOSTED_COVER_MODEL/)
    expect(() => loadConfig({ AI_ENGINE: 'remote' })).toThrow(/AI_ENGINE/)
    expect(() =>
      loadConfig({
        AI_ENGINE: 'hosted',
        AI_HOSTED_COVER_MODEL: 'owner/rvc:abc',
        AI_HOSTED_COVER_SINGERS: '{"elvis":"Elvis"}',
      }),
    ).toThrow(/elvis/)
  })
})
