/**
 * The AI creation zone views' default texts (song generation, AI cover, vocal separation): part of
 * the strings catalogue, in a module of its own so that pages which do not show these views do not
 * load them. Wording that depends on numbers or names is built by functions.
 */
export const AI_STRINGS = {
  /** The visible label of GB 45438-2025 on every AI output. */
  aiLabel: 'AI生成',
  aiLabelTitle: '该内容由人工智能生成',

  job: {
    queued: '排队中',
    /** `ahead` tasks are before this one in the queue. */
    ahead: (ahead: number) => `前面还有 ${ahead} 个任务`,
    startingSoon: '即将开始',
    running: '正在创作',
    runningPercent: (percent: number) => `正在创作 ${percent}%`,
    progressLabel: '创作进度',
    succeeded: '已完成',
    failed: '创作失败',
    retry: '重试（不重复扣积分）',
  },

  jobCard: {
    pointsCharged: (points: number) => `消耗 ${points} 积分`,
    results: '创作结果',
    play: (name: string) => `播放 ${name}`,
    pause: (name: string) => `暂停 ${name}`,
    playing: '播放中',
    live: '边生成边播放',
    download: '下载',
    downloadName: (name: string) => `下载 ${name}`,
    share: '分享',
    shareName: (name: string) => `分享 ${name}`,
    shared: '已分享',
    sharedName: (name: string) => `已分享 ${name}`,
    copyAgain: '再次复制分享链接',
    sharing: '正在生成分享链接',
    keep: '存证',
    keepName: (name: string) => `存证 ${name}`,
    keepHint: '把这首作品连同创作记录一起存证，证明你的创作投入',
    keeping: '正在准备存证',
    more: '更多操作',
    delete: '删除',
    untitled: '未命名作品',
  },

  exampleCard: {
    play: (name: string) => `播放 ${name}`,
    pause: (name: string) => `暂停 ${name}`,
    upvotes: (count: number) => `${count} 人点赞`,
    duration: '时长',
    author: (name: string) => `来自 ${name}`,
    openShare: '打开分享页',
  },

  tagPicker: {
    /** Shown beside the label in multiple mode with a limit. */
    count: (picked: number, max: number) => `${picked}/${max}`,
    limit: (max: number) => `最多选择 ${max} 个`,
  },

  lyricEditor: {
    toolbar: '插入段落标记',
    insert: (label: string, tag: string) => `插入${label}标记 ${tag}`,
    sections: {
      intro: '前奏',
      verse: '主歌',
      'pre-chorus': '导歌',
      chorus: '副歌',
      bridge: '桥段',
      outro: '尾奏',
    },
    structure: '歌词结构',
    sectionSummary: (label: string, lines: number) => `${label} · ${lines}行`,
    counter: (length: number, max: number) => `${length}/${max}`,
    counterLabel: (length: number, max: number) =>
      length > max
        ? `已输入 ${length} 字，超出 ${length - max} 字`
        : `已输入 ${length} 字，最多 ${max} 字`,
    emptyStructure: '输入歌词后显示段落结构',
  },

  singerPicker: {
    label: '选择歌手',
    preview: '试听',
    stop: '停止',
    previewName: (name: string) => `试听 ${name}`,
    stopName: (name: string) => `停止 ${name}`,
  },

  stemPlayer: {
    region: '分轨播放器',
    play: '播放全部',
    pause: '暂停全部',
    seek: '播放进度',
    solo: '独奏',
    soloName: (name: string) => `独奏 ${name}`,
    mute: '静音',
    muteName: (name: string) => `静音 ${name}`,
    volumeName: (name: string) => `${name}音量`,
    download: '下载',
    downloadName: (name: string) => `下载 ${name}`,
  },

  sharedWork: {
    sharer: '分享者',
    play: '播放',
    pause: '暂停',
    upvote: '点赞',
    upvoteCount: (count: number) => `点赞 ${count}`,
    lyric: '歌词',
    noLyric: '暂无歌词',
    duration: '时长',
  },
} as const

export type AiStrings = typeof AI_STRINGS
