/**
 * Offline cover art for stories: small SVG data URLs, so screenshots never wait on the network.
 * Colours here are sample content (like a photo), not design tokens.
 */
const palettes = [
  ['#1F2A44', '#E07A5F', '#F2CC8F'],
  ['#0B3C49', '#3FA7A3', '#F1FAEE'],
  ['#3D0C11', '#D80032', '#F7B2BD'],
  ['#2B2D42', '#8D99AE', '#EDF2F4'],
  ['#1B1B3A', '#693668', '#F2A541'],
  ['#0F2027', '#2C5364', '#F0E68C'],
] as const

export function sampleCover(index: number): string {
  const [background, middle, light] = palettes[index % palettes.length] ?? palettes[0]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><rect width="200" height="200" fill="${background}"/><circle cx="${60 + index * 17}" cy="${70 + index * 9}" r="70" fill="${middle}" fill-opacity=".85"/><circle cx="150" cy="150" r="46" fill="${light}" fill-opacity=".7"/><path d="M0 170 Q50 130 100 160 T200 150 V200 H0Z" fill="${light}" fill-opacity=".25"/></svg>`
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`
}

export const sampleWorks = [
  { id: 'w1', title: '晚风', artist: '林晚', price: '¥12.00', tag: '已存证', cover: true },
  { id: 'w2', title: '山海之间', artist: '周屿', price: '¥8.00', cover: true },
  { id: 'w3', title: '城市夜行', artist: 'Echo 乐队', tag: 'AI 创作', cover: false },
  { id: 'w4', title: '故乡的云（钢琴版）', artist: '许安', price: '200 积分', cover: true },
  { id: 'w5', title: '雨巷', artist: '陈默', cover: false },
  { id: 'w6', title: '追光者', artist: '沈星河', price: '¥15.00', cover: true },
] as const
