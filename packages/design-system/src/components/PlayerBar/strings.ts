import { strings } from '../../strings'

/** The player bar's default texts; `PlayerBar`'s `labels` prop replaces any of them. */
export const playerBarStrings = {
  region: '播放器',
  play: strings.play,
  pause: strings.pause,
  progress: '播放进度',
  lyric: '歌词',
  hide: '收起播放器',
  nothingPlaying: '暂无播放',
  untitled: strings.untitledWork,
} as const

export type PlayerBarLabels = { [Key in keyof typeof playerBarStrings]: string }
