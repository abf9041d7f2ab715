import { strings } from '../../strings'

/** The lyric dialog's default texts; `LyricDialog`'s `labels` prop replaces any of them. */
export const lyricDialogStrings = {
  lyric: '歌词',
  noLyric: '暂无歌词',
  noLyricHint: '这首作品还没有上传歌词',
  download: '下载歌词',
  close: strings.close,
  untitled: strings.untitledWork,
} as const

export type LyricDialogLabels = { [Key in keyof typeof lyricDialogStrings]: string }
