import type { AiJob, AiJobResult } from '@gy/api'
import type { JobCardResult, StemTrack } from '@gy/design-system'
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

const ROLE_LABELS: Partial<Record<AiJobResult['role'], string>> = {
  vocals: AI_TEXT.separate.vocals,
  accompaniment: AI_TEXT.separate.accompaniment,
}

/**
 * A result as the job card shows it: its download is the result's own (signed) address, and a
 * stem says which it is unless its name already does.
 */
export function cardResult(result: AiJobResult): JobCardResult {
  const label = ROLE_LABELS[result.role]
  const roleLabel = label !== undefined && !result.name.includes(label) ? label : undefined
  return {
    id: result.id,
    name: result.name,
    cover: result.cover,
    duration: result.duration,
    downloadUrl: result.url,
    shareId: result.shareId,
    live: result.live,
    ...(roleLabel === undefined ? {} : { roleLabel }),
  }
}
