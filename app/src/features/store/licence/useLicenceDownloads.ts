import { ApiError, licenceCertificate, licenceFile, type LicenceDownload } from '@gy/api'
import { useCallback, useState } from 'react'
import { useRuntime } from '../../../providers/runtime'
import { LICENCE_TEXT as TEXT } from '../../../strings.licence'

export type LicenceDownloadKind = 'certificate' | 'audio'

/** Saves a signed link under its file name, as a click on a download link does. */
function save({ url, fileName }: LicenceDownload): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * The licence holder's two downloads: the certificate PDF and the deposited audio file. Each
 * asks the server for a fresh signed link (it refuses anyone but the holder) and saves it; a
 * failure is a toast with the server's reason.
 */
export function useLicenceDownloads() {
  const { api, toasts } = useRuntime()
  const [busy, setBusy] = useState<string | null>(null)
  const download = useCallback(
    async (licenceId: string, kind: LicenceDownloadKind) => {
      setBusy(`${licenceId}:${kind}`)
      try {
        save(
          kind === 'certificate'
            ? await licenceCertificate(api, licenceId)
            : await licenceFile(api, licenceId),
        )
      } catch (error) {
        toasts.show('error', error instanceof ApiError ? error.message : TEXT.downloadFailed)
      } finally {
        setBusy(null)
      }
    },
    [api, toasts],
  )
  const isBusy = useCallback(
    (licenceId: string, kind: LicenceDownloadKind) => busy === `${licenceId}:${kind}`,
    [busy],
  )
  return { download, isBusy }
}
