import type { AiJob } from '@gy/api'
import type { StemTrack } from '@gy/design-system'
import { AI_TEXT } from '../../strings.ai'

/** The stems in the order the player lists them, with their names. */
const STEM_ROLES = [
  { role: 'vocals', name: AI_TEXT.separate.vocals },
  { role: 'accompaniment', name: AI_TEXT.separate.accompaniment },
] as const

/**
 * The vocals and the accompaniment of a finished separation, as the stem player takes them: each
 * plays and downloads from the result's own address. A stem the job lacks is left out.
 */
export function stemsOf(job: Pick<AiJob, 'results'>): StemTrack[] {
  return STEM_ROLES.flatMap(({ role, name }) => {
    const result = job.results.find((item) => item.role === role)
    return result === undefined
      ? []
      : [{ id: result.id, name, url: result.url, downloadUrl: result.url }]
  })
}
