/** Default copy of PackagePicker; the wording that depends on numbers is built by functions. */
export const packagePickerStrings = {
  groupLabel: '选择充值套餐',
  pointsUnit: '积分',
  customTitle: '自定义金额',
  customFieldLabel: '自定义充值金额（元）',
  yuanUnit: '元',
  /** "1–5,000 元" under the field and as its placeholder. */
  range: (min: string, max: string) => `${min}–${max} 元`,
  /** Shown when the typed amount is outside the allowed range. */
  outOfRange: (min: string, max: string) => `充值金额需在 ${min}–${max} 元之间`,
  previewPrefix: '可获得',
  previewEmpty: '输入金额后显示可获得的积分',
} as const
