/**
 * Depositing a generated work (存证): which results may be deposited, and the deposit page's
 * address that names one. The deposit page (musicians' zone) files the result as the user's own
 * audio again from these two ids (`musicfy/keepResult` answers the same file each time), so the
 * address survives a reload.
 */
import type { AiJob, AiJobResult } from '@gy/api'

export const DEPOSIT_PATH = '/musiciansZone/copyrightDeposit'

/** A finished song or cover: the stems of a separation are not the user's own work. */
export function canKeep(job: Pick<AiJob, 'state'>, result: AiJobResult): boolean {
  return (
    job.state === 'succeeded' && !result.live && (result.role === 'song' || result.role === 'cover')
  )
}

/** The deposit page with a kept result chosen: `?aiJobId=…&aiResultId=…`. */
export function depositHref(jobId: string, resultId: string): string {
  const params = new URLSearchParams({ aiJobId: jobId, aiResultId: resultId })
  return `${DEPOSIT_PATH}?${params.toString()}`
}
