import type { AigcLabel } from '@gy/audio'

/** Who produced and who propagates the platform's AI-made audio, in every file's AIGC label. */
const PRODUCER = 'GY音乐'

/**
 * The implicit label of GB 45438-2025 for one output, and for its share when it has one. A module
 * of its own so the seed worker can label the demo catalogue without loading the job domain.
 */
export function aigcLabel(produceId: string, shareId?: string): AigcLabel {
  return {
    Label: '1',
    ContentProducer: PRODUCER,
    ProduceID: produceId,
    ContentPropagator: shareId === undefined ? '' : PRODUCER,
    PropagateID: shareId ?? '',
  }
}
