import { assignInlineVars } from '@vanilla-extract/dynamic'
import { clsx } from 'clsx'
import { useState, type ComponentPropsWithRef, type DragEvent, type ReactNode } from 'react'
import { musiciansZoneStrings } from '../../strings.zone'
import { Button } from '../Button/Button'
import * as styles from './FileDropZone.css'

export const fileDropZoneStates = ['idle', 'uploading', 'done', 'error'] as const
export type FileDropZoneState = (typeof fileDropZoneStates)[number]

export interface FileDropZoneProps extends Omit<ComponentPropsWithRef<'label'>, 'onChange'> {
  label: ReactNode
  /** What may be chosen, e.g. 支持 MP3、WAV、FLAC，不超过 100MB. */
  hint?: ReactNode
  /** The `accept` of the file input, e.g. `audio/mpeg,audio/wav,audio/flac`. */
  accept?: string
  state?: FileDropZoneState
  /** 0 to 1 while uploading. */
  progress?: number
  /** The chosen file's name, shown instead of the hint once there is one. */
  fileName?: string
  error?: ReactNode
  /** A cover preview, or an icon. */
  preview?: ReactNode
  disabled?: boolean
  onFileChosen: (file: File) => void
  onCancel?: () => void
}

/**
 * Choose a file by click, keyboard or drag and drop, then watch it upload. The component only
 * reports the file; uploading it is the page's job.
 */
export function FileDropZone({
  label,
  hint,
  accept,
  state = 'idle',
  progress = 0,
  fileName,
  error,
  preview,
  disabled = false,
  onFileChosen,
  onCancel,
  className,
  ...props
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false)
  const busy = disabled || state === 'uploading'
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100)

  function onDrop(event: DragEvent<HTMLLabelElement>): void {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file !== undefined && !busy) onFileChosen(file)
  }

  return (
    <label
      className={clsx(styles.zone, className)}
      data-state={dragging ? 'dragging' : state}
      data-disabled={busy ? '' : undefined}
      onDragOver={(event) => {
        event.preventDefault()
        if (!busy) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      {...props}
    >
      <input
        className={styles.input}
        type="file"
        accept={accept}
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          // Cleared, so choosing the same file again after an error fires again.
          event.currentTarget.value = ''
          if (file !== undefined) onFileChosen(file)
        }}
      />
      <span className={styles.preview} aria-hidden="true">
        {preview ?? '♪'}
      </span>
      <span className={styles.body}>
        <span className={styles.label}>{label}</span>
        <span className={styles.hint}>{fileName ?? hint ?? musiciansZoneStrings.chooseFile}</span>
        {state === 'uploading' ? (
          <span className={styles.progressRow}>
            <span
              className={styles.track}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={musiciansZoneStrings.uploading}
            >
              <span
                className={styles.bar}
                style={assignInlineVars({ [styles.progressWidth]: `${percent}%` })}
              />
            </span>
            <span>{percent}%</span>
          </span>
        ) : null}
        {state === 'done' ? (
          <span className={styles.hint}>{musiciansZoneStrings.uploaded}</span>
        ) : null}
        {error ? (
          <span className={styles.error} role="alert">
            {error}
          </span>
        ) : null}
        {state === 'uploading' && onCancel ? (
          <span>
            <Button
              size="sm"
              variant="secondary"
              onClick={(event) => {
                event.preventDefault()
                onCancel()
              }}
            >
              {musiciansZoneStrings.cancelUpload}
            </Button>
          </span>
        ) : null}
      </span>
    </label>
  )
}
FileDropZone.displayName = 'FileDropZone'
