// The product teams' tools (issue 16): the state chart pages in Storybook and the inspector switch.
// Never shown to end users; kept here so every Chinese text of the app lives in a catalogue.
export const DEVTOOLS_TEXT = {
  chartLoading: '正在排布状态图…',
  chartFailed: '状态图排布失败，请刷新重试。',
  chartLabel: (machineId: string) => `${machineId} 状态图`,
  currentState: '当前状态',
  sendEvents: '发送事件',
  eventUnavailable: '当前状态不处理这个事件',
  liveView: '实时界面',
  chartTitle: '状态图',
  reset: '重置',
} as const
