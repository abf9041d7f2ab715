import type { ReactNode, SVGProps } from 'react'

/**
 * The player's glyphs, drawn like those in `icons.tsx`: 1em square, currentColor, decorative unless
 * labelled. Kept in their own file so the player views can grow without touching the shared set.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

function PlayerIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

const speaker =
  'M4 9.5v5a1 1 0 0 0 1 1h2.6l4.2 3.5a.75.75 0 0 0 1.2-.6V5.6a.75.75 0 0 0-1.2-.6L7.6 8.5H5a1 1 0 0 0-1 1Z'

export function VolumeHighIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d={speaker} />
      <path d="M16 9a4 4 0 0 1 0 6" />
      <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </PlayerIcon>
  )
}

export function VolumeLowIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d={speaker} />
      <path d="M16 9a4 4 0 0 1 0 6" />
    </PlayerIcon>
  )
}

export function VolumeMutedIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d={speaker} />
      <path d="M16.5 9.5l5 5M21.5 9.5l-5 5" />
    </PlayerIcon>
  )
}

/** Lines of text with a note: the lyric button. */
export function LyricIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d="M4 6h11M4 11h9M4 16h6" />
      <path d="M17 18.5V10l4-1" />
      <circle cx="15.5" cy="18.5" r="1.75" />
    </PlayerIcon>
  )
}

export function DownloadIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5" />
      <path d="M5 19h14" />
    </PlayerIcon>
  )
}

/** Play again from the start: shown on the play button when a track has ended. */
export function ReplayIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
      <path d="M4.5 4.5v4h4" />
      <path d="M10.5 9.5v5l4-2.5-4-2.5Z" fill="currentColor" strokeWidth={1.5} />
    </PlayerIcon>
  )
}

/** Slide the player bar away. */
export function HidePlayerIcon(props: IconProps) {
  return (
    <PlayerIcon {...props}>
      <path d="M6 9.5l6 6 6-6" />
    </PlayerIcon>
  )
}
