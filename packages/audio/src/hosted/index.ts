// The hosted-model engine: a Node part of the audio engine (it speaks HTTP), imported by the
// server as `@gy/audio/hosted`, so the engine itself still builds for any platform.
export {
  createCompositeAiEngine,
  createConfiguredAiEngine,
  engineLabel,
  type AiEngineSettings,
} from './compositeEngine'
export {
  HOSTED_ENGINE_VERSION,
  HostedAiEngine,
  type HostedEngineSettings,
  type HostedModelSettings,
} from './hostedEngine'
export {
  DEFAULT_INPUT_TEMPLATES,
  HOSTED_PLACEHOLDERS,
  unknownPlaceholders,
  type HostedTask,
} from './modelInput'
export { PredictionClient, REPLICATE_BASE_URL } from './predictionClient'
