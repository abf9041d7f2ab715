/**
 * The composer's own lyric lines for smart mode, keyed by theme words. Written for this product;
 * short lines (7 to 10 syllables) so each fits one two-bar melody phrase.
 */
import type { SongMood } from './styles'

export const LYRIC_THEMES = [
  'summer',
  'sea',
  'night',
  'rain',
  'love',
  'city',
  'dream',
  'home',
  'journey',
] as const
export type LyricTheme = (typeof LYRIC_THEMES)[number]

export const THEME_KEYWORDS: Record<LyricTheme, readonly string[]> = {
  summer: ['夏天', '夏日', '盛夏', '夏', '蝉', '阳光', 'summer', 'sunshine', 'sun'],
  sea: ['海边', '大海', '海浪', '沙滩', '海风', '海', 'beach', 'sea', 'ocean', 'waves', 'shore'],
  night: ['夜晚', '夜里', '深夜', '星空', '星星', '月亮', '月光', '夜', 'night', 'stars', 'moon'],
  rain: ['下雨', '雨天', '雨夜', '雨', 'rain', 'rainy', 'storm'],
  love: ['爱情', '喜欢', '恋人', '爱', '你', 'love', 'heart', 'darling'],
  city: ['城市', '街道', '霓虹', '街', '地铁', 'city', 'street', 'neon', 'town'],
  dream: ['梦想', '梦境', '梦', 'dream', 'dreams', 'wish'],
  home: ['故乡', '家乡', '回家', '家', '妈妈', 'home', 'hometown', 'family'],
  journey: ['远方', '旅行', '路上', '出发', '路', 'journey', 'road', 'travel', 'far away'],
}

interface ThemeLines {
  verse: readonly string[]
  chorus: readonly string[]
}

export const CHINESE_LINES: Record<LyricTheme, ThemeLines> = {
  summer: {
    verse: [
      '蝉声落在午后的窗台',
      '冰汽水冒着细小的泡',
      '白衬衫被阳光晒得发烫',
      '树荫下我们数着云朵',
      '自行车穿过长长的街',
      '晚风吹散一天的燥热',
    ],
    chorus: ['这个夏天为你停留', '让阳光把心事晒透', '我们奔跑不回头', '把整个夏天写进歌里'],
  },
  sea: {
    verse: [
      '赤脚踩过温热的沙滩',
      '海浪一遍遍写着名字',
      '贝壳里藏着远方的声音',
      '落日把海面染成金色',
      '咸咸的风吹乱了头发',
      '灯塔在远处轻轻闪烁',
    ],
    chorus: ['带我去那片海边', '听潮水温柔地蔓延', '你的笑在浪花里面', '把心事交给大海'],
  },
  night: {
    verse: [
      '城市睡了灯还亮着',
      '月光铺在安静的路上',
      '星星一颗颗数着心事',
      '夜风轻轻敲着窗',
      '耳机里放着那首老歌',
      '影子陪我走过街角',
    ],
    chorus: ['今夜的星光为你闪亮', '在夜色里轻轻歌唱', '月亮替我说晚安', '梦里有你的模样'],
  },
  rain: {
    verse: [
      '雨滴敲打着玻璃窗',
      '伞下的世界很小很小',
      '街灯在水洼里摇晃',
      '潮湿的空气有点凉',
      '你的背影走进雨里',
      '屋檐下等一场天晴',
    ],
    chorus: ['雨一直下不停', '淋湿了我的回忆', '等雨停了再说爱你', '让雨声替我说想你'],
  },
  love: {
    verse: [
      '第一次遇见你的时候',
      '心跳突然乱了节奏',
      '你说话时眼里有光',
      '想把温柔都留给你',
      '慢慢走过每个路口',
      '牵着手就不怕天黑',
    ],
    chorus: ['我愿意一直陪着你', '把每天都过成晴天', '你是我唯一的答案', '爱你是最美的时间'],
  },
  city: {
    verse: [
      '地铁穿过拥挤的清晨',
      '高楼把天空切成方块',
      '霓虹灯下人来人往',
      '咖啡凉了还在加班',
      '十字路口红灯又亮',
      '窗外的车流像条河',
    ],
    chorus: ['在这座城市寻找光', '每个人都在追赶梦想', '灯火亮起不再迷茫', '这座城有我的方向'],
  },
  dream: {
    verse: [
      '小时候写下的愿望',
      '藏在书页最后一行',
      '跌倒了也还要向前',
      '黑夜里也有微光',
      '风吹过心中的麦田',
      '梦在远处轻声呼唤',
    ],
    chorus: ['追着梦一直飞翔', '穿过风雨不再彷徨', '让梦想照亮前方', '我们终会到达远方'],
  },
  home: {
    verse: [
      '门前的老树又发了芽',
      '厨房飘来熟悉的香',
      '妈妈的话还在耳旁',
      '小路弯弯通向村庄',
      '车窗外是熟悉的山',
      '炊烟升起在黄昏里',
    ],
    chorus: ['回家的路再远也不怕', '有灯火在等我回家', '故乡的风吹过脸颊', '心里一直住着那个家'],
  },
  journey: {
    verse: [
      '背上行囊就出发',
      '地图上画满了问号',
      '火车开过无名小站',
      '远山在晨雾里发蓝',
      '路边的花开得正好',
      '脚印留在每一座桥',
    ],
    chorus: ['我要去更远的远方', '看看世界有多宽广', '一路唱着自己的歌', '风会带我去方向'],
  },
}

export const ENGLISH_LINES: Record<LyricTheme, ThemeLines> = {
  summer: {
    verse: [
      'Golden light on the window frame',
      'Lemonade and a lazy afternoon',
      'We ride our bikes till the day is gone',
    ],
    chorus: [
      'This summer stays with you',
      'Sunlight all the way through',
      'We run and never look back',
    ],
  },
  sea: {
    verse: [
      'Barefoot on the warm white sand',
      'Waves are writing down our names',
      'The sun is sinking in the blue',
    ],
    chorus: [
      'Take me to the sea tonight',
      'Where the waves hold the light',
      'Your laughter in the tide',
    ],
  },
  night: {
    verse: [
      'The city sleeps but lights stay on',
      'Moonlight lying on the road',
      'Counting stars to pass the time',
    ],
    chorus: [
      'Starlight shining down on you',
      'I will sing the whole night through',
      'The moon says goodnight',
    ],
  },
  rain: {
    verse: [
      'Raindrops on the window pane',
      'The world is small beneath the umbrella',
      'Streetlights shiver in the puddles',
    ],
    chorus: [
      'The rain keeps falling down',
      'Washing over this old town',
      'Let the rain say I miss you',
    ],
  },
  love: {
    verse: [
      'The first time that I saw your face',
      'My heart forgot to keep the beat',
      'There is a light inside your eyes',
    ],
    chorus: [
      'I will stay right here with you',
      'Every day a sky of blue',
      'You are my only answer',
    ],
  },
  city: {
    verse: [
      'Subway rushing through the morning',
      'Towers cut the sky in squares',
      'Neon signs and hurried faces',
    ],
    chorus: [
      'Searching for a light in this town',
      'Everybody chasing a dream',
      'The city lights will guide me home',
    ],
  },
  dream: {
    verse: [
      'A wish I wrote when I was small',
      'Hidden on the final page',
      'Falling down but moving on',
    ],
    chorus: [
      'Chasing dreams I learn to fly',
      'Through the storm and through the sky',
      'Let the dream light up the way',
    ],
  },
  home: {
    verse: [
      'The old tree by the door is green',
      'A kitchen smell I still know well',
      'A winding road back to the hills',
    ],
    chorus: [
      'No road is too long to go home',
      'A lamp is waiting in the window',
      'My heart still lives in that home',
    ],
  },
  journey: {
    verse: [
      'Pack a bag and off we go',
      'A map of question marks',
      'The train goes past a nameless town',
    ],
    chorus: [
      'I will go so far away',
      'See how wide the world can be',
      'Singing my own song on the way',
    ],
  },
}

/** Titles to fall back on when the prompt names nothing that reads as a title. */
export const THEME_TITLES: Record<LyricTheme, { zh: readonly string[]; en: readonly string[] }> = {
  summer: { zh: ['夏日来信', '盛夏光年', '蝉鸣的午后'], en: ['Summer Letter', 'Golden Afternoon'] },
  sea: { zh: ['海边的风', '潮汐', '落日海岸'], en: ['Sea Breeze', 'Tides'] },
  night: { zh: ['晚安星空', '月光小夜曲', '夜航'], en: ['Starlight', 'Midnight Road'] },
  rain: { zh: ['雨的告白', '听雨', '屋檐下'], en: ['Rain Letter', 'Under the Eaves'] },
  love: { zh: ['心动时刻', '唯一的答案', '慢慢喜欢你'], en: ['Only Answer', 'Heartbeat'] },
  city: { zh: ['城市灯火', '霓虹之下', '晚高峰'], en: ['City Lights', 'Neon Rain'] },
  dream: { zh: ['追梦人', '远方的光', '纸飞机'], en: ['Dream Chaser', 'Paper Plane'] },
  home: { zh: ['回家', '故乡的风', '炊烟'], en: ['Going Home', 'Hometown Wind'] },
  journey: { zh: ['在路上', '远方', '出发吧'], en: ['On the Road', 'Far Away'] },
}

/**
 * Images a prompt can name, so the lyrics are built around the prompt's own pictures (月下思念故乡的
 * 诗人 gives lines about the moon, the hometown and the poet, not about rain or a kitchen). Each
 * image has a kind, and each kind has line templates that fit it grammatically; `{}` is where the
 * image goes. The templates themselves name no image of this list (a test checks it), so a line
 * shows only the images the prompt gave it.
 */
export const IMAGE_KINDS = ['nature', 'time', 'place', 'person', 'thing'] as const
export type ImageKind = (typeof IMAGE_KINDS)[number]

export const CHINESE_IMAGES: Record<ImageKind, readonly string[]> = {
  nature: [
    '月亮',
    '月光',
    '明月',
    '月',
    '星星',
    '星空',
    '星河',
    '星',
    '太阳',
    '阳光',
    '夕阳',
    '晚霞',
    '彩虹',
    '云朵',
    '白云',
    '云',
    '雨水',
    '细雨',
    '雨',
    '白雪',
    '雪花',
    '雪',
    '海风',
    '晚风',
    '春风',
    '风',
    '大海',
    '海浪',
    '海',
    '潮水',
    '江水',
    '长江',
    '黄河',
    '江',
    '河流',
    '小河',
    '河',
    '湖水',
    '湖',
    '高山',
    '青山',
    '山',
    '森林',
    '草原',
    '麦田',
    '田野',
    '花朵',
    '桃花',
    '樱花',
    '梅花',
    '花',
    '落叶',
    '柳树',
    '柳',
    '大树',
    '树',
    '烟火',
    '萤火虫',
    '浪花',
    '雾',
    '沙漠',
  ],
  time: [
    '春天',
    '夏天',
    '秋天',
    '冬天',
    '深夜',
    '夜晚',
    '黄昏',
    '清晨',
    '黎明',
    '青春',
    '童年',
    '夜',
    '春',
    '夏',
    '秋',
    '冬',
  ],
  place: [
    '故乡',
    '家乡',
    '江南',
    '城市',
    '小镇',
    '远方',
    '车站',
    '站台',
    '海边',
    '校园',
    '老街',
    '长安',
    '大漠',
    '村庄',
    '港口',
    '天涯',
    '北方',
    '南方',
    '天空',
  ],
  person: [
    '诗人',
    '少年',
    '姑娘',
    '母亲',
    '妈妈',
    '父亲',
    '爸爸',
    '旅人',
    '故人',
    '朋友',
    '爱人',
    '恋人',
    '歌手',
    '孩子',
    '老人',
    '侠客',
    '渔夫',
    '水手',
    '战士',
    '画家',
  ],
  thing: [
    '酒',
    '茶',
    '书信',
    '诗',
    '吉他',
    '小船',
    '船',
    '火车',
    '风筝',
    '灯火',
    '灯',
    '雨伞',
    '伞',
    '古琴',
    '琴',
    '剑',
    '咖啡',
    '照片',
    '单车',
    '纸鹤',
    '钢琴',
    '信',
  ],
}

/** Words that contain an image's characters without naming it (民谣风格 names no wind). */
export const NOT_IMAGES: readonly string[] = [
  '风格',
  '曲风',
  '画风',
  '作风',
  '相信',
  '自信',
  '信心',
  '信念',
  '月份',
  '岁月',
  '年月',
  '花样',
  '花费',
  '山寨',
  '江湖',
  '河豚',
  '夜店',
  '灯光秀',
  '诗意',
]

export const CHINESE_IMAGE_LINES: Record<ImageKind, readonly string[]> = {
  nature: [
    '{}落在我的肩上',
    '{}静静陪着我',
    '我把心事说给{}听',
    '{}照着来时的方向',
    '{}下的影子那么长',
    '{}知道我的思念',
    '和{}一起等天亮',
    '抬头又看见了{}',
  ],
  time: ['{}又来到了窗外', '在这个{}想起你', '{}里的故事很长', '{}悄悄地走远', '每个{}都在等你'],
  place: [
    '我又梦见{}的模样',
    '{}在心里越来越远',
    '回到{}的那一天',
    '{}的窗口还亮着光',
    '离开{}已经很多年',
    '{}藏着我的从前',
  ],
  person: [
    '{}在远处轻声吟唱',
    '那个{}还在等待',
    '{}写下一行又一行',
    '{}的眼睛里有光',
    '{}轻轻唱着旧歌',
    '我想起那个{}',
  ],
  thing: ['我把{}留在身旁', '一个人守着{}', '{}里藏着从前', '{}陪我走过四季', '{}还在老地方'],
}

/**
 * Two images in one line: a scene ({0}, from nature) and who, where or what it is about ({1});
 * the lines where {1} sings or looks take a person only.
 */
export const CHINESE_PAIR_LINES: Record<'any' | 'person', readonly string[]> = {
  any: ['{0}下的{1}', '{0}照着{1}的方向', '{0}和{1}都没说话'],
  person: ['{1}在{0}下唱歌', '{1}望着{0}不说话'],
}

/** Lines that carry the mood and no image, between the image lines of a chorus. */
export const CHINESE_MOOD_LINES: Record<SongMood, readonly string[]> = {
  gentle: ['温柔地说声晚安', '轻轻地靠在身旁', '把温柔留给你', '慢慢地走别着急'],
  cheerful: ['我们一起笑着跑', '心跳跟着节拍跳', '今天的心情真好', '大声唱出快乐'],
  sad: ['眼泪藏进了心底', '思念一声声地响', '说不出口的再见', '一个人慢慢地走'],
  passionate: ['燃烧吧我的心跳', '大声唱出我的歌', '不怕跌倒再站起', '向前冲不回头'],
  calm: ['让心慢慢地安静', '时间轻轻地流过', '一切都刚刚好', '呼吸慢慢放轻'],
  romantic: ['我想牵着你的手', '你的笑是我的光', '一生只想陪着你', '心里满满都是你'],
  nostalgic: ['那些年我们都还小', '旧时光慢慢地走', '想起从前的样子', '回忆一遍又一遍'],
}

export const ENGLISH_IMAGES: Record<ImageKind, readonly string[]> = {
  nature: [
    'moonlight',
    'moon',
    'stars',
    'sun',
    'sunlight',
    'rain',
    'snow',
    'wind',
    'sea',
    'ocean',
    'waves',
    'river',
    'mountains',
    'mountain',
    'forest',
    'flowers',
    'clouds',
    'sky',
    'fireflies',
  ],
  time: ['night', 'summer', 'winter', 'autumn', 'spring', 'morning', 'evening', 'youth'],
  place: ['hometown', 'city', 'town', 'village', 'station', 'harbor', 'desert', 'valley', 'shore'],
  person: [
    'poet',
    'sailor',
    'stranger',
    'mother',
    'father',
    'friend',
    'lover',
    'child',
    'traveler',
    'singer',
  ],
  thing: ['guitar', 'letter', 'candle', 'train', 'boat', 'wine', 'photograph', 'piano', 'kite'],
}

export const ENGLISH_IMAGE_LINES: Record<ImageKind, readonly string[]> = {
  nature: [
    'The {} is shining on my window',
    'I tell my secrets to the {}',
    'Under the {} I wait for you',
    'The {} remembers where we walked',
  ],
  time: ['Every {} I think of you', 'The {} is slowly fading out', 'I found you in the {}'],
  place: [
    'I still dream about the {}',
    'The {} is far behind me now',
    'Take me back to the {}',
    'The {} keeps a light for me',
  ],
  person: [
    'The {} is singing all alone',
    'I remember the {} and his song',
    'The {} is waiting by the door',
  ],
  thing: ['I keep the {} close to me', 'The old {} still knows my name', 'I hold the {} and wait'],
}

export const ENGLISH_PAIR_LINES: Record<'any' | 'person', readonly string[]> = {
  any: ['The {1} beneath the {0}', 'The {0} is shining on the {1}'],
  person: ['The {1} is looking at the {0}'],
}

export const ENGLISH_MOOD_LINES: Record<SongMood, readonly string[]> = {
  gentle: ['Softly say goodnight to me', 'Stay a little close to me', 'Slowly now, no need to run'],
  cheerful: [
    'We are running with a smile',
    'Sing it loud and sing it bright',
    'Every heartbeat feels so light',
  ],
  sad: ['Tears are hiding in my heart', 'Goodbye is hard to say', 'I am walking on my own'],
  passionate: [
    'Let it burn and let it rise',
    'We will never turn around',
    'Shout it out and stand up tall',
  ],
  calm: ['Let the heart be still', 'Time is flowing slow and kind', 'Everything is just enough'],
  romantic: ['Hold my hand and stay with me', 'You are all I ever need', 'My heart is full of you'],
  nostalgic: [
    'Back when we were young',
    'Those old days are calling back',
    'I still remember how it was',
  ],
}
