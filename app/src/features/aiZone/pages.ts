// The AI creation zone's pages, loaded together on demand: one chunk for the whole zone, with its
// texts (strings.ai.ts), so none of it weighs on the first load of /home.
export { AdvancedModePage } from './AdvancedModePage'
export { AiSharePage } from './AiSharePage'
export { ChooseMusicPage } from './ChooseMusicPage'
export { CoverModePage } from './CoverModePage'
export { CreateHistoryPage } from './CreateHistoryPage'
export { CreationCenterPage } from './CreationCenterPage'
export { SmartModePage } from './SmartModePage'
export { SeparationModePage } from './SeparationModePage'
