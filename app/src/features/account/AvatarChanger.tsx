import { ApiError, UPLOAD_MAX_BYTES, updateUserDetails, uploadFile, type UserInfo } from '@gy/api'
import { Button } from '@gy/design-system'
import { useEffect, useRef, useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { ACCOUNT_STRINGS as TEXT } from '../../strings'
import * as styles from './AccountInfoPage.css'

/** The side of the square avatar the browser makes, in pixels. */
const AVATAR_SIZE = 512

/** The chosen image cropped to its centre square and scaled, as a JPEG. */
async function squareCrop(file: File, zoom: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file)
  const side = Math.min(bitmap.width, bitmap.height) / zoom
  const canvas = document.createElement('canvas')
  canvas.width = AVATAR_SIZE
  canvas.height = AVATAR_SIZE
  const context = canvas.getContext('2d')
  if (context === null) throw new Error('no canvas')
  context.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    AVATAR_SIZE,
    AVATAR_SIZE,
  )
  bitmap.close()
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('no blob'))),
      'image/jpeg',
      0.9,
    ),
  )
}

/** Choose an image, see it cropped square, and make it the avatar. */
export function AvatarChanger({ onChanged }: { onChanged: (user: UserInfo) => void }) {
  const { api, toasts } = useRuntime()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [zoom, setZoom] = useState(1)
  const [preview, setPreview] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    if (file === null) return undefined
    let url: string | null = null
    let current = true
    squareCrop(file, zoom).then(
      (blob) => {
        if (!current) return
        url = URL.createObjectURL(blob)
        setPreview(url)
      },
      () => current && setError(TEXT.avatarUnreadable),
    )
    return () => {
      current = false
      if (url !== null) URL.revokeObjectURL(url)
    }
  }, [file, zoom])

  function choose(chosen: File | undefined): void {
    setError(undefined)
    if (chosen === undefined) return
    if (chosen.size > UPLOAD_MAX_BYTES.image * 4) {
      setError(TEXT.avatarTooLarge)
      return
    }
    setZoom(1)
    setFile(chosen)
  }

  async function save(): Promise<void> {
    if (file === null) return
    setProgress(0)
    try {
      const blob = await squareCrop(file, zoom)
      const uploaded = await uploadFile(api, blob, 'image', 'avatar.jpg', {
        onProgress: setProgress,
      })
      const user = await updateUserDetails(api, { headerFileId: uploaded.fileId })
      onChanged(user)
      toasts.show('success', TEXT.avatarSaved)
      setFile(null)
      setPreview(null)
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : TEXT.avatarUnreadable
      setError(message)
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className={styles.avatarChanger}>
      <input
        ref={input}
        className={styles.hiddenInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={TEXT.changeAvatar}
        onChange={(event) => {
          choose(event.currentTarget.files?.[0])
          event.currentTarget.value = ''
        }}
      />
      {preview !== null ? (
        <div className={styles.cropArea}>
          <img className={styles.cropPreview} src={preview} alt={TEXT.avatarPreview} />
          <label className={styles.zoom}>
            {TEXT.avatarZoom}
            <input
              type="range"
              min={1}
              max={3}
              step={0.1}
              value={zoom}
              onChange={(event) => setZoom(Number(event.currentTarget.value))}
            />
          </label>
          <div className={styles.cropActions}>
            <Button size="sm" loading={progress !== null} onClick={() => void save()}>
              {progress === null ? TEXT.avatarConfirm : `${Math.round(progress * 100)}%`}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setFile(null)
                setPreview(null)
              }}
            >
              {TEXT.avatarCancel}
            </Button>
          </div>
        </div>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
          {TEXT.changeAvatar}
        </Button>
      )}
      {error ? (
        <p className={styles.avatarError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
