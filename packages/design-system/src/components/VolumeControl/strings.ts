/** The volume control's default texts; each can be replaced through a prop. */
export const volumeControlStrings = {
  volume: '音量',
  mute: '静音',
  unmute: '取消静音',
} as const
