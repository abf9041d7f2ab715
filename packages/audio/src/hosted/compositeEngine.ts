/**
 * The engine the platform runs, chosen by configuration: the built-in engine alone, or hosted
 * models for the tasks that have one and the built-in engine for the rest.
 */
import { createLocalAiEngine, type AiEngine } from '../engine'
import { HostedAiEngine, type HostedEngineSettings } from './hostedEngine'
import type { HostedTask } from './modelInput'

/** Which engine to build. Plain data, so the server can hand it to its engine threads. */
export type AiEngineSettings = { kind: 'local' } | { kind: 'hosted'; hosted: HostedEngineSettings }

/** A model as a job record shows it: a 64-hex version id shortened to its first 12 characters. */
function shortModel(version: string): string {
  return version.replace(/\b([0-9a-f]{12})[0-9a-f]{52}\b/u, '$1')
}

/**
 * Hosted models for the tasks that have one, the built-in engine for the rest (and always for
 * voice conversion of a bare vocal, which has no hosted model). Its name says what does what, so a
 * job record tells which engine (and model) made the work: for example
 * `hosted+local-dsp@separation=cjwbw/demucs:25a173108cff;cover=local-dsp/1.0.0;generation=local-dsp/1.0.0;hosted/1.0.0`.
 */
export function createCompositeAiEngine(builtIn: AiEngine, hosted: HostedAiEngine): AiEngine {
  const tasks: HostedTask[] = ['separation', 'cover', 'generation']
  const routes = tasks.map((task) => {
    const model = hosted.modelName(task)
    return `${task}=${model === undefined ? `${builtIn.name}/${builtIn.version}` : shortModel(model)}`
  })
  type HostedPart = Pick<
    AiEngine,
    'separate' | 'separateFile' | 'cover' | 'coverFile' | 'generate' | 'generateFile'
  >
  const on = (task: HostedTask): HostedPart => (hosted.has(task) ? hosted : builtIn)
  return {
    name: `${hosted.name}+${builtIn.name}`,
    version: [...routes, `${hosted.name}/${hosted.version}`].join(';'),
    listSingers: () => builtIn.listSingers(),
    separate: (song, options) => on('separation').separate(song, options),
    separateFile: (bytes, options) => on('separation').separateFile(bytes, options),
    cover: (song, request, options) => on('cover').cover(song, request, options),
    coverFile: (bytes, options) => on('cover').coverFile(bytes, options),
    generate: (request, options) => on('generation').generate(request, options),
    generateFile: (request, options) => on('generation').generateFile(request, options),
    convertVoice: (vocals, request, options) => builtIn.convertVoice(vocals, request, options),
    convertFile: (bytes, options) => builtIn.convertFile(bytes, options),
  }
}

/** The engine the settings ask for; the built-in one unless hosted models are configured. */
export function createConfiguredAiEngine(settings: AiEngineSettings = { kind: 'local' }): AiEngine {
  const builtIn = createLocalAiEngine()
  if (settings.kind === 'local') return builtIn
  return createCompositeAiEngine(builtIn, new HostedAiEngine(settings.hosted))
}

/** How a job record names the engine: `name@version`. */
export function engineLabel(engine: AiEngine): string {
  return `${engine.name}@${engine.version}`
}
