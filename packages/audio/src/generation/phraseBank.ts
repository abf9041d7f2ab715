/**
 * The composer's own lyric lines for smart mode, keyed by theme words. Written for this product;
 * short lines (7 to 10 syllables) so each fits one two-bar melody phrase.
 */

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
