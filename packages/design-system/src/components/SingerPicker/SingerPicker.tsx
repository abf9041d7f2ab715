import { clsx } from 'clsx'
import { RadioGroup } from 'radix-ui'
import { useId } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import { Button } from '../Button/Button'
import { CoverArt } from '../JobCard/CoverArt'
import { Icon, PlayIcon, type IconProps } from '../private/icons'
import * as styles from './SingerPicker.css'

export interface SingerOption {
  singerId: string
  name: string
  /** Image URL or data URL; empty shows a placeholder. */
  avatar: string
  /** A line about the voice, e.g. 清澈温柔的女声，适合民谣与抒情. */
  description: string
}

export interface SingerPickerProps {
  singers: readonly SingerOption[]
  /** The chosen singer; null before a choice. */
  value: string | null
  onValueChange: (singerId: string) => void
  /** The singer whose sample is playing: its button shows 停止. */
  previewingId?: string | null
  /** Shows a 试听 button on each card; called with the singer to start or stop. */
  onPreview?: (singerId: string) => void
  /** Names the group for screen readers; defaults to 选择歌手. */
  label?: string
  disabled?: boolean
  className?: string
}

function CheckIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={3}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  )
}

function StopIcon(props: IconProps) {
  return (
    <Icon {...props} stroke="none" fill="currentColor">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </Icon>
  )
}

/**
 * Choose the voice for an AI cover: a radio group of singer cards (Radix RadioGroup: one tab stop,
 * arrow keys move the choice). Each card may carry a small 试听 button beside its radio, never
 * inside it, so the two stay separate controls.
 */
export function SingerPicker({
  singers,
  value,
  onValueChange,
  previewingId = null,
  onPreview,
  label = AI_STRINGS.singerPicker.label,
  disabled = false,
  className,
}: SingerPickerProps) {
  const baseId = useId()
  const copy = AI_STRINGS.singerPicker

  return (
    <RadioGroup.Root
      className={clsx(styles.grid, className)}
      value={value}
      onValueChange={onValueChange}
      aria-label={label}
      disabled={disabled}
      loop
    >
      {singers.map((singer, index) => {
        const checked = singer.singerId === value
        const previewing = singer.singerId === previewingId
        const nameId = `${baseId}-${index}-name`
        const descriptionId = `${baseId}-${index}-description`
        return (
          <div
            key={singer.singerId}
            className={styles.card}
            data-state={checked ? 'checked' : 'unchecked'}
          >
            <RadioGroup.Item
              value={singer.singerId}
              className={styles.radio}
              aria-labelledby={nameId}
              aria-describedby={singer.description ? descriptionId : undefined}
            >
              <CoverArt src={singer.avatar} seed={singer.name} className={styles.avatar} />
              <span id={nameId} className={styles.name}>
                {singer.name}
              </span>
              {singer.description ? (
                <span id={descriptionId} className={styles.description}>
                  {singer.description}
                </span>
              ) : null}
              <RadioGroup.Indicator className={styles.indicator}>
                <CheckIcon />
              </RadioGroup.Indicator>
            </RadioGroup.Item>
            {onPreview ? (
              <div className={styles.previewRow}>
                <Button
                  size="sm"
                  variant={previewing ? 'primary' : 'secondary'}
                  aria-pressed={previewing}
                  aria-label={
                    previewing ? copy.stopName(singer.name) : copy.previewName(singer.name)
                  }
                  disabled={disabled}
                  onClick={() => onPreview(singer.singerId)}
                >
                  {previewing ? (
                    <StopIcon className={styles.previewIcon} />
                  ) : (
                    <PlayIcon className={styles.previewIcon} />
                  )}
                  {previewing ? copy.stop : copy.preview}
                </Button>
              </div>
            ) : null}
          </div>
        )
      })}
    </RadioGroup.Root>
  )
}
SingerPicker.displayName = 'SingerPicker'
