/**
 * The AI creation zone's part of the app's text catalogue (strings.ts). Kept in a module of its own
 * because the zone's pages load on demand: their texts stay out of the first load of /home. The
 * spec's messages (积分不足，请先充值, 复制成功 …) stay in the api package's `MESSAGES`, and the
 * views' own texts (job states, result buttons) in the design system's AI strings.
 */
import { AI_MESSAGES } from '@gy/api/aiZone'
import { strings as designSystem } from '@gy/design-system'

const SMART = '灵感模式'
const ADVANCED = '自定义模式'
const GENERATE = 'AI写歌'
const COVER = 'AI翻唱'
const SEPARATE = '人声分离'
const HISTORY = '创作记录'
const BUY_POINTS = '积分充值'

export const AI_TEXT = {
  retry: designSystem.retry,
  play: designSystem.play,
  pause: designSystem.pause,
  loadFailed: '加载失败',
  points: (points: number) => `${points} 积分`,
  costPerJob: (points: number) => `每次消耗 ${points} 积分`,
  balance: (points: number) => `你的积分：${points}`,
  balanceUnknown: '积分余额暂时无法读取',
  balanceShort: (cost: number) => `积分不足：本次需要 ${cost} 积分`,
  buyPoints: BUY_POINTS,
  refundNote: '任务失败会自动退还积分',

  center: {
    title: 'AI创作中心',
    subtitle: '描述一个想法、写下歌词，或者上传一首歌：AI 帮你写歌、翻唱和分离人声。',
    history: HISTORY,
    loginHint: '登录后即可开始创作，新用户可先充值积分。',
    login: '登录',
    start: '开始创作',
    tools: '创作工具',
    examples: '听听 AI 的作品',
    examplesHint: '用 AI写歌、AI翻唱、人声分离做出的作品，点播放就能试听，点歌名打开分享页。',
    examplesLoading: '正在加载示例作品…',
    examplesFailed: '示例作品暂时加载不出来',
    noExamples: '还没有人分享作品',
    noExamplesHint:
      '创作完成后点「分享」，你的作品就会出现在这里，成为第一个示例。先用一句话描述试试吧。',
    createFirst: '创作第一首',
  },

  tools: {
    generate: {
      name: GENERATE,
      description:
        '用一句话描述你想要的歌，或者写好歌词、选定风格，AI 为你作曲、编曲并演唱，每次生成两首。',
      smart: SMART,
      smartHint: '一句话描述，交给 AI 发挥',
      advanced: ADVANCED,
      advancedHint: '自己写歌词，定风格、情绪和速度',
    },
    cover: {
      name: COVER,
      description:
        '选一首曲库里的歌或上传你自己的歌，换成你选的歌手来唱，可以变调、调整人声和伴奏音量。',
      start: '开始翻唱',
    },
    separate: {
      name: SEPARATE,
      description: '上传一首歌，把人声和伴奏分开，得到可以单独试听和下载的两条音轨。',
      start: '开始分离',
    },
  },

  job: {
    title: '创作结果',
    notFound: '没有找到这个任务，它可能已被删除。',
    retried: '已重新提交，不会重复扣除积分',
    delete: '删除',
    deleteTitle: '删除创作',
    deleteConfirm: (title: string) => `确定删除「${title}」吗？删除后作品和分享链接都将无法找回。`,
    deleted: '已删除',
    shareLink: '分享链接',
    openShare: '打开',
    keepFailed: '存证准备失败，请稍后重试',
    keepRefused: (reason: string) => `没能存证：${reason}`,
  },

  smart: {
    title: SMART,
    subtitle: '用中文或英文描述你想要的歌曲：主题、情绪、风格、乐器都可以写。',
    promptLabel: '歌曲描述',
    promptPlaceholder: '例如：夏夜海边的轻快民谣，吉他和口琴，带一点怀旧',
    counter: (length: number, max: number) => `${length}/${max}`,
    instrumental: '纯音乐',
    instrumentalHint: '不要人声，只生成伴奏',
    examples: '试试这些描述',
    examplePrompts: [
      '夏夜海边的轻快民谣，吉他和口琴，带一点怀旧',
      '下雨天一个人在咖啡馆，安静的钢琴爵士',
      '毕业季的青春流行歌，明亮的合成器和鼓点',
      '古风武侠，琵琶和笛子，气势恢宏',
      'An upbeat synth-pop song about city lights at midnight',
    ],
    submit: '生成',
    submitting: '正在提交…',
    twoSongs: '每次生成两首，可分别试听、下载和分享。',
    enterHint: '按 Ctrl+Enter 提交',
  },

  advanced: {
    title: ADVANCED,
    subtitle: '写下歌名和歌词，选择风格和情绪，还可以指定速度、调性和随机种子。',
    titleLabel: '歌曲名称',
    titlePlaceholder: '给你的歌起个名字',
    lyricsLabel: '歌词',
    lyricsOptionalLabel: '歌词（可选）',
    lyricsPlaceholder: '[verse]\n第一句歌词\n…\n[chorus]\n…',
    lyricsRequired: '请填写歌词，或选择纯音乐',
    styleLabel: '风格',
    styleHint: '选择一个，或输入其他风格',
    // The styles and moods the engine composes (packages/audio generation/styles.ts).
    styles: ['流行', '摇滚', '民谣', '电子', '说唱', '古风', '爵士', 'Lo-fi'],
    otherStyle: '其他风格',
    moodLabel: '情绪（可选）',
    moods: ['欢快', '温柔', '悲伤', '激昂', '宁静', '浪漫', '怀旧'],
    otherMood: '其他情绪',
    tempoLabel: '速度（BPM，可选）',
    tempoHint: (min: number, max: number) => `${min} 到 ${max} 之间的整数`,
    keyLabel: '调性（可选）',
    keyHint: '例如 C、Am、降E大调',
    seedLabel: '随机种子（可选）',
    seedHint: '相同的种子和参数会得到相同的旋律',
    instrumental: '纯音乐',
    instrumentalHint: '不要人声，歌词可以不填',
    submit: '生成',
    submitting: '正在提交…',
  },

  cover: {
    title: COVER,
    subtitle: '选一首歌和一位歌手，AI 用这位歌手的声音重新演唱。',
    songLabel: '歌曲',
    chooseFromStore: '从曲库或我的上传中选择',
    changeSong: '更换歌曲',
    or: '或者',
    uploadLabel: '上传歌曲',
    uploadHint: '支持 MP3、WAV、FLAC，不超过 100MB',
    chosenFromStore: '曲库作品',
    chosenUpload: '我的上传',
    unnamedSong: '未命名歌曲',
    playOriginal: '试听原曲',
    songRequired: '请先选择或上传一首歌曲',
    singerLabel: '歌手',
    singerRequired: '请选择歌手',
    singersFailed: '歌手列表加载失败',
    semitonesLabel: '变调',
    semitonesValue: (value: number) => (value > 0 ? `+${value} 半音` : `${value} 半音`),
    semitonesHint: '已按歌手建议设置，可以再调整',
    vocalGainLabel: '人声音量',
    accompanimentGainLabel: '伴奏音量',
    gainValue: (value: number) => (value > 0 ? `+${value} dB` : `${value} dB`),
    submit: '开始翻唱',
    submitting: '正在提交…',
  },

  choose: {
    title: '选择歌曲',
    subtitle: '选择一首歌用来翻唱。',
    tabs: { store: '曲库', uploads: '我的上传' },
    tabsLabel: '歌曲来源',
    searchLabel: '搜索曲库',
    searchPlaceholder: '输入歌名或音乐人',
    search: '搜索',
    choose: '选择',
    chooseName: (name: string) => `选择 ${name}`,
    play: (name: string) => `试听 ${name}`,
    storeEmpty: '没有找到作品',
    storeEmptyHint: '换个关键词试试。',
    uploadsEmpty: '你还没有上传过歌曲',
    uploadsEmptyHint: '可以回到 AI翻唱 页面直接上传一首。',
    back: '返回 AI翻唱',
  },

  separate: {
    title: SEPARATE,
    subtitle: '上传一首歌，得到分开的人声和伴奏两条音轨。',
    uploadLabel: '上传歌曲',
    uploadHint: '支持 MP3、WAV、FLAC，不超过 100MB',
    fileRequired: '请先上传一首歌曲',
    submit: '开始分离',
    submitting: '正在提交…',
    vocals: '人声',
    accompaniment: '伴奏',
    stems: '分离结果',
  },

  history: {
    title: HISTORY,
    subtitle: '你的每一次 AI 创作：进行中的任务会实时更新。',
    filterLabel: '按类型筛选',
    filters: { all: '全部', generate: GENERATE, cover: COVER, separate: SEPARATE },
    empty: '还没有创作记录',
    emptyHint: '选一个工具开始你的第一次 AI 创作吧。',
    loading: '正在加载创作记录…',
  },

  kinds: { generate: GENERATE, cover: COVER, separate: SEPARATE },

  /** The lines that summarise a job's inputs in the history and below a form. */
  summary: {
    smart: SMART,
    advanced: ADVANCED,
    prompt: (prompt: string) => `描述：${prompt}`,
    title: (title: string) => `歌名：${title}`,
    style: (style: string, mood: string | undefined) =>
      mood === undefined ? `风格：${style}` : `风格：${style} · ${mood}`,
    tempo: (tempo: number) => `${tempo} BPM`,
    key: (key: string) => `调性：${key}`,
    seed: (seed: number) => `种子：${seed}`,
    instrumental: '纯音乐',
    singer: (singer: string) => `歌手：${singer}`,
    semitones: (value: number) => (value > 0 ? `变调 +${value}` : `变调 ${value}`),
    gains: (vocal: number, accompaniment: number) =>
      `人声 ${vocal > 0 ? '+' : ''}${vocal} dB · 伴奏 ${accompaniment > 0 ? '+' : ''}${accompaniment} dB`,
    file: (name: string) => `歌曲：${name}`,
    createdAt: (time: string) => `创建于 ${time}`,
  },

  share: {
    title: '作品分享',
    missing: AI_MESSAGES.aiShareNotFound,
    upvoted: '点赞成功',
    loginToUpvote: '登录后即可点赞',
    createOwn: '我也要创作',
  },

  upload: {
    audioTooLarge: '音频文件不能超过 100MB',
    coverTooLarge: '图片不能超过 5MB',
    audioWrongType: '只支持 MP3、WAV、FLAC 格式的音频文件',
    coverWrongType: '只支持 JPG、PNG、WebP 格式的图片',
    loadFailed: '上传失败，请重试',
  },
} as const
