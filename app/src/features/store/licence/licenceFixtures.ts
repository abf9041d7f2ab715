/** Licence options as the server answers them, for stories and tests of the licence views. */
import type { EarningRecord, LicenceOption } from '@gy/api'

export const SAMPLE_LICENCE_OPTIONS: readonly LicenceOption[] = [
  {
    licenceType: 'personal',
    name: '个人使用',
    priceFen: 990,
    summary: '适合个人欣赏、学习和非营利的个人作品',
    terms: [
      '可以：个人欣赏和收藏；用作个人视频、Vlog、播客的背景音乐，发布在你自己的社交账号上。',
      '不可以：用于广告、品牌推广、带货直播、付费课程或任何营利用途。',
      '期限：永久有效。',
      '地域：全球范围，线上线下均可。',
    ],
    owned: false,
  },
  {
    licenceType: 'commercial',
    name: '商业使用',
    priceFen: 4_950,
    summary: '适合广告、品牌内容、直播、游戏和付费内容等营利用途',
    terms: [
      '可以：用于一个商业项目，包括广告、品牌宣传片、企业视频、电商和直播、游戏。',
      '不可以：转授权、转售或单独分发音频文件。',
      '期限：自购买之日起3年内可以发布。',
      '地域：全球范围，线上线下均可。',
    ],
    owned: false,
  },
]

export const SAMPLE_EARNINGS: readonly EarningRecord[] = [
  {
    id: '3',
    orderId: 'GY20261126153000A1B2C3D4E5',
    goodsId: '6a1c3f0e-8d7b-4c2a-9f10-2b3c4d5e6f70',
    title: '山间晚风',
    licenceType: 'commercial',
    licenceName: '商业使用',
    grossFen: 4_950,
    commissionFen: 495,
    netFen: 4_455,
    createdAt: '2026-11-26T07:30:00.000Z',
  },
  {
    id: '2',
    orderId: 'GY20261125201500F6E5D4C3B2',
    goodsId: '6a1c3f0e-8d7b-4c2a-9f10-2b3c4d5e6f70',
    title: '山间晚风',
    licenceType: 'personal',
    licenceName: '个人使用',
    grossFen: 990,
    commissionFen: 99,
    netFen: 891,
    createdAt: '2026-11-25T12:15:00.000Z',
  },
  {
    id: '1',
    orderId: 'GY202611241005009A8B7C6D5E',
    goodsId: '1f2e3d4c-5b6a-4789-8abc-def012345678',
    title: '旧日来信',
    licenceType: 'personal',
    licenceName: '个人使用',
    grossFen: 999,
    commissionFen: 99,
    netFen: 900,
    createdAt: '2026-11-24T02:05:00.000Z',
  },
]
