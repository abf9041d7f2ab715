/**
 * The licence certificate (作品授权证书) as a PDF, set like the deposit certificate (same font
 * subsetting, frame and palette, certificatePdf.ts): who licensed what to whom, which licence
 * with its terms written out, the order it was paid with and when.
 */
import {
  HAIRLINE,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  PRINTABLE_ASCII,
  chinaTime,
  drawField,
  drawable,
  startCertificate,
  wrap,
} from './certificatePdf'
import { fenToYuan } from '../payments/provider'

export interface LicenceCertificateInput {
  licenceNo: string
  title: string
  /** The musician who sold the licence (the artist name of the work). */
  sellerName: string
  buyerName: string
  licenceName: string
  terms: readonly string[]
  orderId: string
  priceFen: number
  /** ISO 8601, when the licence was granted (the order was paid). */
  grantedAt: string
}

const TEXT = {
  motto: 'GY音乐 · 让价值回归音乐人',
  title: '作品授权证书',
  titleLatin: 'MUSIC LICENCE CERTIFICATE',
  number: '授权编号',
  work: '作品名称',
  untitled: '（未命名）',
  seller: '授权方（音乐人）',
  buyer: '被授权方',
  type: '授权类型',
  terms: '授权条款',
  order: '订单号',
  price: '授权费用',
  yuan: '¥元',
  time: '授权时间',
  chinaTime: '年月日（北京时间）',
  foot: [
    '本证书由 GY音乐 在订单支付成功后签发，授权自签发之日起生效。',
    '被授权方应在条款范围内使用作品；超出范围的使用需另行取得授权。',
  ],
} as const

export async function renderLicenceCertificatePdf(
  input: LicenceCertificateInput,
): Promise<Uint8Array> {
  const used = [
    PRINTABLE_ASCII,
    Object.values(TEXT).flat().join(''),
    input.title,
    input.sellerName,
    input.buyerName,
    input.licenceName,
    input.terms.join(''),
  ].join('')
  const { pdf, page, regular, bold, top } = await startCertificate({
    used,
    documentTitle: `作品授权证书 ${input.licenceNo}`,
    creator: 'GY音乐 授权',
    createdAt: new Date(input.grantedAt),
    motto: TEXT.motto,
    title: TEXT.title,
    titleLatin: TEXT.titleLatin,
    numberLine: `${TEXT.number} ${input.licenceNo}`,
  })
  const contentWidth = PAGE.width - MARGIN * 2
  let y = top
  const field = (label: string, value: string, font = regular, size = 12) => {
    y = drawField(page, { y, label, value, labelFont: regular, font, size, labelWidth: 110 })
  }
  field(TEXT.work, input.title || TEXT.untitled, bold, 15)
  field(TEXT.seller, input.sellerName)
  field(TEXT.buyer, input.buyerName)
  field(TEXT.type, input.licenceName, bold)
  field(TEXT.price, `¥${fenToYuan(input.priceFen)}`)
  field(TEXT.order, input.orderId)
  field(TEXT.time, chinaTime(input.grantedAt))

  page.drawLine({
    start: { x: MARGIN, y: y + 6 },
    end: { x: PAGE.width - MARGIN, y: y + 6 },
    thickness: 0.5,
    color: HAIRLINE,
  })
  y -= 18
  page.drawText(TEXT.terms, { x: MARGIN, y, size: 12, font: bold, color: INK })
  y -= 22
  for (const term of input.terms) {
    for (const line of wrap(drawable(term, regular), regular, 10.5, contentWidth)) {
      page.drawText(line, { x: MARGIN, y, size: 10.5, font: regular, color: INK })
      y -= 17
    }
    y -= 6
  }

  let footY = 64 + 16 * (TEXT.foot.length - 1)
  for (const line of TEXT.foot) {
    page.drawText(line, { x: MARGIN, y: footY, size: 9, font: regular, color: MUTED })
    footY -= 16
  }
  return pdf.save()
}
