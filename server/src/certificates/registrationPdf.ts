/**
 * The two PDFs of a copyright registration, set like the deposit certificate (certificatePdf.ts:
 * Noto Sans SC cut to the characters used):
 * - the application (作品登记申请表), laid out in the sections of the authorities' form (the work;
 *   authors and owners; creation and publication; the rights statement; the applicant), for the
 *   applicant's records;
 * - the registration certificate (作品登记证书), with its registration number.
 */
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib'
import {
  ACCENT,
  HAIRLINE,
  INK,
  LAYOUT_FEATURES,
  MARGIN,
  MUTED,
  PAGE,
  PRINTABLE_ASCII,
  chinaTime,
  drawFrame,
  drawable,
  fontBytes,
  subsetOf,
  wrap,
} from './certificatePdf'

export interface RegistrationPdfOwner {
  name: string
  type: 'person' | 'organization'
  share: number
  /** 身份证 110105…, 统一社会信用代码 9111…: the identity line as the form prints it. */
  identity: string
  contact: string
}

export interface RegistrationPdfInput {
  registrationId: string
  title: string
  workTypeLabel: string
  authorName: string
  depositCertificateNo: string
  createdOn: string
  createdPlace: string
  publishedOn: string | null
  publishedPlace: string
  owners: readonly RegistrationPdfOwner[]
  guaranteeStatements: readonly string[]
  guaranteeAccepted: boolean
  applicantName: string
  statusLabel: string
  /** ISO 8601: when the document is made. */
  madeAt: string
}

export interface RegistrationCertificateInput {
  registrationNo: string
  title: string
  workTypeLabel: string
  authorName: string
  owners: readonly { name: string; share: number }[]
  createdOn: string
  publishedOn: string | null
  registeredAt: string
  depositCertificateNo: string
}

/** 2026-01-31 → 2026年1月31日 */
export function chineseDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return `${year}年${month}月${date}日`
}

const TEXT = {
  applicationTitle: '作品登记申请表',
  applicationNote:
    '本表由 GY音乐 根据你填写的登记信息生成，供你留存；以登记机构最终受理的材料为准。',
  number: '申请编号',
  status: '当前状态',
  sectionWork: '一、作品基本信息',
  sectionOwners: '二、作者及著作权人',
  sectionCreation: '三、创作及发表情况',
  sectionStatement: '四、权利保证声明',
  sectionApplicant: '五、申请人',
  work: '作品名称',
  workType: '作品类别',
  deposit: '存证证书编号',
  author: '作者署名',
  owner: '著作权人',
  share: '份额',
  createdOn: '创作完成日期',
  createdPlace: '创作完成地点',
  publishedOn: '首次发表日期',
  publishedPlace: '首次发表地点',
  unpublished: '未发表',
  accepted: '申请人已阅读并同意以上声明。',
  notAccepted: '申请人尚未同意以上声明（提交前需同意）。',
  applicant: '申请人',
  madeAt: '生成时间',
  person: '自然人',
  organization: '法人或其他组织',
  certificateTitle: '作品登记证书',
  certificateLatin: 'CERTIFICATE OF WORK REGISTRATION',
  registrationNo: '登记号',
  registeredAt: '登记日期',
  certificateNote:
    '经 GY音乐 版权登记服务审核，上述作品的登记信息已记录在案。本证书可在 GY音乐 的版权登记列表中随时下载。',
  motto: 'GY音乐 · 让价值回归音乐人',
  percent: '%',
} as const

async function documentWith(text: string, title: string, madeAt: string) {
  const bytes = await fontBytes()
  const used = [PRINTABLE_ASCII, Object.values(TEXT).join(''), text].join('')
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(fontkit)
  pdf.setTitle(title)
  pdf.setAuthor('GY音乐')
  pdf.setCreator('GY音乐 版权登记')
  pdf.setCreationDate(new Date(madeAt))
  // Fixed too, so the same application renders to the same bytes and is stored once.
  pdf.setModificationDate(new Date(madeAt))
  const [regularSubset, boldSubset] = await Promise.all([
    subsetOf(bytes.regular, used),
    subsetOf(bytes.bold, used),
  ])
  const regular = await pdf.embedFont(regularSubset, { features: LAYOUT_FEATURES })
  const bold = await pdf.embedFont(boldSubset, { features: LAYOUT_FEATURES })
  return { pdf, regular, bold }
}

/** Writes down a page, starting a new one when it runs out. */
class Writer {
  page: PDFPage
  y: number
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = this.newPage()
    this.y = PAGE.height - 80
  }
  private newPage(): PDFPage {
    const page = this.pdf.addPage([PAGE.width, PAGE.height])
    drawFrame(page)
    return page
  }
  room(height: number): void {
    if (this.y - height > 60) return
    this.page = this.newPage()
    this.y = PAGE.height - 80
  }
  centred(text: string, font: PDFFont, size: number, color = INK): void {
    const width = font.widthOfTextAtSize(text, size)
    this.page.drawText(text, { x: (PAGE.width - width) / 2, y: this.y, size, font, color })
  }
  section(title: string): void {
    this.room(40)
    this.y -= 10
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - 6,
      width: PAGE.width - MARGIN * 2,
      height: 22,
      color: HAIRLINE,
    })
    this.page.drawText(title, { x: MARGIN + 8, y: this.y, size: 11, font: this.bold, color: INK })
    this.y -= 28
  }
  field(label: string, value: string, size = 11): void {
    const width = PAGE.width - MARGIN * 2 - 110
    const lines = wrap(drawable(value, this.regular), this.regular, size, width)
    this.room(lines.length * (size + 6) + 6)
    this.page.drawText(label, {
      x: MARGIN + 8,
      y: this.y,
      size: 10,
      font: this.regular,
      color: MUTED,
    })
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN + 110, y: this.y, size, font: this.regular, color: INK })
      this.y -= size + 6
    }
    this.y -= 4
  }
  paragraph(text: string, size = 10, color = INK): void {
    for (const line of wrap(
      drawable(text, this.regular),
      this.regular,
      size,
      PAGE.width - MARGIN * 2 - 16,
    )) {
      this.room(size + 6)
      this.page.drawText(line, { x: MARGIN + 8, y: this.y, size, font: this.regular, color })
      this.y -= size + 6
    }
  }
}

export async function renderRegistrationApplicationPdf(
  input: RegistrationPdfInput,
): Promise<Uint8Array> {
  const variable = [
    input.registrationId,
    input.title,
    input.workTypeLabel,
    input.authorName,
    input.depositCertificateNo,
    input.createdPlace,
    input.publishedPlace,
    input.applicantName,
    input.statusLabel,
    chinaTime(input.madeAt),
    chineseDate(input.createdOn),
    input.publishedOn === null ? '' : chineseDate(input.publishedOn),
    ...input.owners.flatMap((owner) => [owner.name, owner.identity, owner.contact]),
    ...input.guaranteeStatements,
  ].join('')
  const { pdf, regular, bold } = await documentWith(
    variable,
    `${TEXT.applicationTitle} ${input.title}`,
    input.madeAt,
  )
  const writer = new Writer(pdf, regular, bold)
  writer.centred(TEXT.motto, regular, 9, MUTED)
  writer.y -= 34
  writer.centred(TEXT.applicationTitle, bold, 24)
  writer.y -= 22
  writer.centred(`${TEXT.number} ${input.registrationId}`, regular, 9, MUTED)
  writer.y -= 16
  writer.centred(`${TEXT.status}：${input.statusLabel}`, bold, 10, ACCENT)
  writer.y -= 20

  writer.section(TEXT.sectionWork)
  writer.field(TEXT.work, input.title)
  writer.field(TEXT.workType, input.workTypeLabel)
  writer.field(TEXT.deposit, input.depositCertificateNo)

  writer.section(TEXT.sectionOwners)
  writer.field(TEXT.author, input.authorName)
  input.owners.forEach((owner, index) => {
    const kind = owner.type === 'person' ? TEXT.person : TEXT.organization
    writer.field(
      `${TEXT.owner} ${index + 1}`,
      `${owner.name}（${kind}）  ${TEXT.share} ${owner.share}${TEXT.percent}`,
    )
    writer.field('', [owner.identity, owner.contact].filter((part) => part !== '').join('  '), 9)
  })

  writer.section(TEXT.sectionCreation)
  writer.field(TEXT.createdOn, chineseDate(input.createdOn))
  writer.field(TEXT.createdPlace, input.createdPlace)
  writer.field(
    TEXT.publishedOn,
    input.publishedOn === null ? TEXT.unpublished : chineseDate(input.publishedOn),
  )
  if (input.publishedOn !== null) writer.field(TEXT.publishedPlace, input.publishedPlace)

  writer.section(TEXT.sectionStatement)
  input.guaranteeStatements.forEach((statement, index) => {
    writer.paragraph(`${index + 1}. ${statement}`)
  })
  writer.y -= 4
  writer.paragraph(input.guaranteeAccepted ? TEXT.accepted : TEXT.notAccepted, 10, ACCENT)

  writer.section(TEXT.sectionApplicant)
  writer.field(TEXT.applicant, input.applicantName)
  writer.field(TEXT.madeAt, chinaTime(input.madeAt))
  writer.y -= 8
  writer.paragraph(TEXT.applicationNote, 9, MUTED)
  return pdf.save()
}

export async function renderRegistrationCertificatePdf(
  input: RegistrationCertificateInput,
): Promise<Uint8Array> {
  const ownersLine = input.owners.map((owner) => `${owner.name}（${owner.share}%）`).join('、')
  const variable = [
    input.registrationNo,
    input.title,
    input.workTypeLabel,
    input.authorName,
    ownersLine,
    chineseDate(input.createdOn),
    input.publishedOn === null ? '' : chineseDate(input.publishedOn),
    chinaTime(input.registeredAt),
    input.depositCertificateNo,
  ].join('')
  const { pdf, regular, bold } = await documentWith(
    variable,
    `${TEXT.certificateTitle} ${input.registrationNo}`,
    input.registeredAt,
  )
  const writer = new Writer(pdf, regular, bold)
  writer.y = PAGE.height - 96
  writer.centred(TEXT.motto, regular, 10, MUTED)
  writer.y -= 44
  writer.centred(TEXT.certificateTitle, bold, 30)
  writer.y -= 22
  writer.centred(TEXT.certificateLatin, regular, 9, MUTED)
  writer.y -= 32
  writer.centred(`${TEXT.registrationNo} ${input.registrationNo}`, bold, 13, ACCENT)
  writer.y -= 40
  writer.field(TEXT.work, input.title, 14)
  writer.field(TEXT.workType, input.workTypeLabel)
  writer.field(TEXT.author, input.authorName)
  writer.field(TEXT.owner, ownersLine)
  writer.field(TEXT.createdOn, chineseDate(input.createdOn))
  writer.field(
    TEXT.publishedOn,
    input.publishedOn === null ? TEXT.unpublished : chineseDate(input.publishedOn),
  )
  writer.field(TEXT.deposit, input.depositCertificateNo)
  writer.field(TEXT.registeredAt, chinaTime(input.registeredAt))
  writer.y -= 16
  writer.paragraph(TEXT.certificateNote, 9, MUTED)
  return pdf.save()
}
