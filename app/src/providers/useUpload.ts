import {
  ApiError,
  UPLOAD_MAX_BYTES,
  uploadFile,
  type UploadedFile,
  type UploadPurpose,
} from '@gy/api'
import type { FileDropZoneState } from '@gy/design-system'
import { useEffect, useRef, useState } from 'react'
import { useRuntime } from './runtime'

const ACCEPTED: Record<UploadPurpose, readonly string[]> = {
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/flac',
    'audio/x-flac',
  ],
  image: ['image/jpeg', 'image/png', 'image/webp'],
}

export const ACCEPT_ATTRIBUTE: Record<UploadPurpose, string> = {
  audio: '.mp3,.wav,.flac,audio/mpeg,audio/wav,audio/flac',
  image: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
}

/** The words an upload shows; each area passes its own, so no area loads another's catalogue. */
export interface UploadTexts {
  audioTooLarge: string
  coverTooLarge: string
  audioWrongType: string
  coverWrongType: string
  /** When the upload failed without a message of the server's. */
  loadFailed: string
}

export interface UploadState {
  state: FileDropZoneState
  progress: number
  fileName?: string
  error?: string
  uploaded?: UploadedFile
  /** An object URL of a chosen image, for its preview. */
  previewUrl?: string
}

/**
 * What the browser can tell before sending 100 MB: the size, and the type the file claims. The
 * server still judges the bytes themselves.
 */
export function localRefusal(
  file: File,
  purpose: UploadPurpose,
  texts: UploadTexts,
): string | null {
  if (file.size > UPLOAD_MAX_BYTES[purpose]) {
    return purpose === 'audio' ? texts.audioTooLarge : texts.coverTooLarge
  }
  if (file.type !== '' && !ACCEPTED[purpose].includes(file.type)) {
    return purpose === 'audio' ? texts.audioWrongType : texts.coverWrongType
  }
  return null
}

/** One file input's upload: checks, progress, the server's refusal next to the field. */
export function useUpload(purpose: UploadPurpose, texts: UploadTexts) {
  const { api, toasts } = useRuntime()
  const [upload, setUpload] = useState<UploadState>({ state: 'idle', progress: 0 })
  const attempt = useRef(0)
  const previewUrl = upload.previewUrl

  useEffect(
    () => () => {
      if (previewUrl !== undefined) URL.revokeObjectURL(previewUrl)
    },
    [previewUrl],
  )

  async function choose(file: File): Promise<UploadedFile | null> {
    const mine = ++attempt.current
    const refusal = localRefusal(file, purpose, texts)
    const preview = purpose === 'image' && refusal === null ? URL.createObjectURL(file) : undefined
    if (refusal !== null) {
      setUpload({ state: 'error', progress: 0, fileName: file.name, error: refusal })
      return null
    }
    setUpload({ state: 'uploading', progress: 0, fileName: file.name, previewUrl: preview })
    try {
      const uploaded = await uploadFile(api, file, purpose, file.name, {
        onProgress: (fraction) => {
          if (attempt.current === mine) setUpload((current) => ({ ...current, progress: fraction }))
        },
      })
      if (attempt.current !== mine) return null
      setUpload({ state: 'done', progress: 1, fileName: file.name, uploaded, previewUrl: preview })
      return uploaded
    } catch (error) {
      if (attempt.current !== mine) return null
      const message = error instanceof ApiError ? error.message : texts.loadFailed
      setUpload({ state: 'error', progress: 0, fileName: file.name, error: message })
      if (error instanceof ApiError && error.kind !== 'business' && error.kind !== 'session') {
        toasts.show('error', message)
      }
      return null
    }
  }

  function reset(): void {
    attempt.current++
    setUpload({ state: 'idle', progress: 0 })
  }

  return { upload, choose, reset }
}
