import { Icon, type IconProps } from './icons'

/**
 * The player's glyphs, drawn like those in `icons.tsx`: 1em square, currentColor, decorative unless
 * labelled. Kept in their own file so the player views can grow without touching the shared set.
 */
const speaker =
  'M4 9.5v5a1 1 0 0 0 1 1h2.6l4.2 3.5a.75.75 0 0 0 1.2-.6V5.6a.75.75 0 0 0-1.2-.6L7.6 8.5H5a1 1 0 0 0-1 1Z'

export function VolumeHighIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={speaker} />
      <path d="M16 9a4 4 0 0 1 0 6" />
      <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </Icon>
  )
}

export function VolumeLowIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={speaker} />
      <path d="M16 9a4 4 0 0 1 0 6" />
    </Icon>
  )
}

export function VolumeMutedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={speaker} />
      <path d="M16.5 9.5l5 5M21.5 9.5l-5 5" />
    </Icon>
  )
}

/** Lines of text with a note: the lyric button. */
export function LyricIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h11M4 11h9M4 16h6" />
      <path d="M17 18.5V10l4-1" />
      <circle cx="15.5" cy="18.5" r="1.75" />
    </Icon>
  )
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5" />
      <path d="M5 19h14" />
    </Icon>
  )
}

/** Play again from the start: shown on the play button when a track has ended. */
export function ReplayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
      <path d="M4.5 4.5v4h4" />
      <path d="M10.5 9.5v5l4-2.5-4-2.5Z" fill="currentColor" strokeWidth={1.5} />
    </Icon>
  )
}

/** Slide the player bar away. */
export function HidePlayerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 9.5l6 6 6-6" />
    </Icon>
  )
}

/** Back to the previous track of the queue. */
export function PreviousTrackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.5 5.5v13" />
      <path d="M18 6.2v11.6a.6.6 0 0 1-.9.5L9 12.5a.6.6 0 0 1 0-1l8.1-5.8a.6.6 0 0 1 .9.5Z" />
    </Icon>
  )
}

/** On to the next track of the queue. */
export function NextTrackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M17.5 5.5v13" />
      <path d="M6 6.2v11.6a.6.6 0 0 0 .9.5L15 12.5a.6.6 0 0 0 0-1L6.9 5.7a.6.6 0 0 0-.9.5Z" />
    </Icon>
  )
}
