/**
 * The deposit certificate (作品存证证书) as a PDF: set in Chinese with Noto Sans SC (OFL, the
 * TrueType files of the @expo-google-fonts/noto-sans-sc package), cut by HarfBuzz (subset-font)
 * to the characters the certificate uses, so a certificate is tens of kilobytes. (pdf-lib's own
 * subsetting drops glyphs of this font.) It carries everything needed to check it without us: the leaf's fields, the
 * signed checkpoint, the inclusion proof, and a QR code of the public verification page. A work
 * made with GY音乐 AI gets a second page: its creation record, the depositor's creative input.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { AI_CREATION_TEXT, aiCreationLines, type AiCreationLine } from '@gy/api/aiCreation'
import type { AiCreationRecord } from '@gy/api/contract'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import subsetFont from 'subset-font'

/** Everything a certificate shows and proves. */
export interface CertificateInput {
  certificateNo: string
  title: string
  /** The depositor's nickname as it was at deposit time. */
  ownerName: string
  /** ISO 8601, the deposit's time (the leaf's text carries the same string). */
  depositedAt: string
  sha256: string
  logIndex: number
  genre: string
  /** The signed checkpoint the inclusion proof is against. */
  checkpoint: { treeSize: number; rootHash: string; signature: string; publicKey: string }
  /** RFC 9162 inclusion proof of the leaf in the tree of `checkpoint.treeSize`, lowercase hex. */
  inclusionPath: string[]
  /** Absolute or site-relative address of the public verification page for this certificate. */
  verifyUrl: string
  /** The creation record of a work made with GY音乐 AI: a second page shows it. */
  aiCreation?: AiCreationRecord | null
}

const FONT_PACKAGE_JSON = '@expo-google-fonts/noto-sans-sc/package.json'
const FONT_FILES = {
  regular: '400Regular/NotoSansSC_400Regular.ttf',
  bold: '700Bold/NotoSansSC_700Bold.ttf',
} as const
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined

/** The font files, read once per process (8 MB each; only their subsets go into a PDF). */
export function fontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fonts ??= (async () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve(FONT_PACKAGE_JSON))
    const read = (name: string) => readFile(path.join(folder, name))
    const [regular, bold] = await Promise.all([read(FONT_FILES.regular), read(FONT_FILES.bold)])
    return { regular, bold }
  })()
  return fonts
}

// A4 in points, and the certificate's palette (the licence and registration PDFs share them): ink,
// a muted grey and the brand's red accent.
export const PAGE = { width: 595.28, height: 841.89 }
export const MARGIN = 56
export const INK = rgb(0.12, 0.12, 0.14)
export const MUTED = rgb(0.45, 0.45, 0.5)
export const ACCENT = rgb(0.84, 0.2, 0.24)
export const HAIRLINE = rgb(0.86, 0.86, 0.88)

/** 2026年11月24日 08:04:05（北京时间） */
export function chinaTime(iso: string): string {
  const china = new Date(new Date(iso).getTime() + 8 * 60 * 60 * 1000)
  const pad = (value: number) => String(value).padStart(2, '0')
  return (
    `${china.getUTCFullYear()}年${china.getUTCMonth() + 1}月${china.getUTCDate()}日 ` +
    `${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}:${pad(china.getUTCSeconds())}（北京时间）`
  )
}

/** Lines of at most `width` points, breaking anywhere (hashes and CJK have no spaces). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const character of text) {
    if (line !== '' && font.widthOfTextAtSize(line + character, size) > width) {
      lines.push(line)
      line = ''
    }
    line += character
  }
  if (line !== '' || lines.length === 0) lines.push(line)
  return lines
}

/** Drops characters the font cannot draw, so an odd title never breaks a certificate. */
export function drawable(text: string, font: PDFFont): string {
  const glyphs = new Set(font.getCharacterSet())
  return [...text].filter((character) => glyphs.has(character.codePointAt(0) ?? -1)).join('')
}

function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const count = qr.modules.size
  const cell = size / count
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (qr.modules.get(row, column)) {
        page.drawRectangle({
          x: x + column * cell,
          y: y + size - (row + 1) * cell,
          width: cell,
          height: cell,
          color: INK,
        })
      }
    }
  }
}

/** Every fixed text of the certificate: the font subset must hold their characters. */
const TEXT = {
  motto: 'GY音乐 · 让价值回归音乐人',
  title: '作品存证证书',
  titleLatin: 'COPYRIGHT DEPOSIT CERTIFICATE',
  number: '证书编号',
  work: '作品名称',
  untitled: '（未命名）',
  owner: '存证人',
  genre: '风格',
  time: '存证时间',
  fingerprint: '作品指纹',
  position: '日志位置',
  positionValue: '第条（序号）',
  proof: '存证证明（RFC 9162 默克尔树）',
  treeSize: '检查点树大小',
  root: '根哈希',
  signature: '平台签名',
  publicKey: '平台公钥',
  path: '包含证明',
  singleLeaf: '（日志只有这一条，根哈希即叶子哈希）',
  chinaTime: '年月日（北京时间）',
  aiMethod: AI_CREATION_TEXT.method,
  aiMethodValue: `${AI_CREATION_TEXT.madeWith}（创作记录见第 2 页）`,
  aiHeading: AI_CREATION_TEXT.heading,
  aiNote: AI_CREATION_TEXT.note,
  continued: '作品存证证书 · 第 2 页',
  howTo: [
    '如何核验：扫描右侧二维码，或打开 GY音乐 的公开核验页，',
    '选择作品文件。文件只在你的设备上计算 SHA-256，不会上传；',
    '页面用上面的包含证明和平台签名的检查点核对这条记录，',
    '任何人都可以独立核验，无需信任平台的数据库。',
  ],
} as const

export const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, index) =>
  String.fromCharCode(32 + index),
).join('')

// Without this, fontkit's contextual substitutions turn some runs of digits into wide forms.
export const LAYOUT_FEATURES = { kern: false, calt: false, liga: false, clig: false, locl: false }

export async function subsetOf(font: Uint8Array, text: string): Promise<Uint8Array> {
  return new Uint8Array(await subsetFont(Buffer.from(font), text, { targetFormat: 'truetype' }))
}

/** A thin accent border with an inner hairline. */
export function drawFrame(page: PDFPage): void {
  const lines = [
    { inset: 24, borderColor: ACCENT, borderWidth: 1.5 },
    { inset: 30, borderColor: HAIRLINE, borderWidth: 0.5 },
  ]
  for (const { inset, ...line } of lines) {
    page.drawRectangle({
      x: inset,
      y: inset,
      width: PAGE.width - 2 * inset,
      height: PAGE.height - 2 * inset,
      ...line,
    })
  }
}

/** Lyrics and descriptions longer than this are cut on the record's page. */
const CREATION_TEXT_MAX = 600
/** Where the record's page stops writing, above its frame. */
const PAGE_BOTTOM = 56

/**
 * The second page of a work made with GY音乐 AI: its creation record (what the depositor asked
 * for, the seed, the engine and the time), line by line.
 */
function drawCreationPage(
  pdf: PDFDocument,
  input: CertificateInput,
  lines: readonly AiCreationLine[],
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  const { regular, bold } = fonts
  const page = pdf.addPage([PAGE.width, PAGE.height])
  drawFrame(page)
  const contentWidth = PAGE.width - MARGIN * 2
  let y = PAGE.height - 96
  page.drawText(TEXT.continued, { x: MARGIN, y, size: 10, font: regular, color: MUTED })
  const number = `${TEXT.number} ${input.certificateNo}`
  page.drawText(number, {
    x: PAGE.width - MARGIN - regular.widthOfTextAtSize(number, 10),
    y,
    size: 10,
    font: regular,
    color: MUTED,
  })
  y -= 44
  page.drawText(TEXT.aiHeading, { x: MARGIN, y, size: 22, font: bold, color: INK })
  y -= 28
  for (const line of wrap(TEXT.aiNote, regular, 10, contentWidth)) {
    page.drawText(line, { x: MARGIN, y, size: 10, font: regular, color: MUTED })
    y -= 16
  }
  y -= 16
  for (const { label, value } of lines) {
    if (y < PAGE_BOTTOM) break
    page.drawText(label, { x: MARGIN, y, size: 10, font: regular, color: MUTED })
    const wrapped = value
      .split(/\r?\n/)
      .flatMap((part) => wrap(drawable(part, regular), regular, 11, contentWidth - 96))
    for (const text of wrapped) {
      if (y < PAGE_BOTTOM) break
      page.drawText(text, { x: MARGIN + 96, y, size: 11, font: regular, color: INK })
      y -= 17
    }
    y -= 8
  }
}

export interface CertificateHead {
  /** Every character the document will draw: the fonts are cut to these. */
  used: string
  documentTitle: string
  creator: string
  createdAt: Date
  motto: string
  title: string
  titleLatin: string
  numberLine: string
}

/**
 * A new A4 certificate (the deposit's, a licence's): fonts cut to `used`, the frame, and the
 * centred head of motto, title and number. `top` is where the fields start.
 */
export async function startCertificate(head: CertificateHead): Promise<{
  pdf: PDFDocument
  page: PDFPage
  regular: PDFFont
  bold: PDFFont
  top: number
}> {
  const bytes = await fontBytes()
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(fontkit)
  pdf.setTitle(head.documentTitle)
  pdf.setAuthor('GY音乐')
  pdf.setCreator(head.creator)
  pdf.setCreationDate(head.createdAt)
  const [regularSubset, boldSubset] = await Promise.all([
    subsetOf(bytes.regular, head.used),
    subsetOf(bytes.bold, head.used),
  ])
  const regular = await pdf.embedFont(regularSubset, { features: LAYOUT_FEATURES })
  const bold = await pdf.embedFont(boldSubset, { features: LAYOUT_FEATURES })
  const page = pdf.addPage([PAGE.width, PAGE.height])
  drawFrame(page)

  let y = PAGE.height - 96
  const centred = (text: string, font: PDFFont, size: number, color = INK) => {
    const width = font.widthOfTextAtSize(text, size)
    page.drawText(text, { x: (PAGE.width - width) / 2, y, size, font, color })
  }
  centred(head.motto, regular, 10, MUTED)
  y -= 40
  centred(head.title, bold, 30, INK)
  y -= 22
  centred(head.titleLatin, regular, 9, MUTED)
  y -= 30
  centred(head.numberLine, bold, 12, ACCENT)
  y -= 36
  return { pdf, page, regular, bold, top: y }
}

/** A label and its value, wrapped beside it; returns where the next field starts. */
export function drawField(
  page: PDFPage,
  field: {
    y: number
    label: string
    value: string
    labelFont: PDFFont
    font: PDFFont
    size: number
    labelWidth: number
  },
): number {
  let y = field.y
  const { font, size } = field
  page.drawText(field.label, { x: MARGIN, y, size: 10, font: field.labelFont, color: MUTED })
  const width = PAGE.width - MARGIN * 2 - field.labelWidth
  for (const line of wrap(drawable(field.value, font), font, size, width)) {
    page.drawText(line, { x: MARGIN + field.labelWidth, y, size, font, color: INK })
    y -= size + 6
  }
  return y - 8
}

export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const creation =
    input.aiCreation === undefined || input.aiCreation === null
      ? []
      : aiCreationLines(input.aiCreation, {
          formatTime: chinaTime,
          maxTextLength: CREATION_TEXT_MAX,
        })
  const used = [
    PRINTABLE_ASCII,
    Object.values(TEXT).flat().join(''),
    input.title,
    input.ownerName,
    input.genre,
    input.verifyUrl,
    ...creation.map((line) => line.label + line.value),
  ].join('')
  const { pdf, page, regular, bold, top } = await startCertificate({
    used,
    documentTitle: `作品存证证书 ${input.certificateNo}`,
    creator: 'GY音乐 存证日志',
    createdAt: new Date(input.depositedAt),
    motto: TEXT.motto,
    title: TEXT.title,
    titleLatin: TEXT.titleLatin,
    numberLine: `${TEXT.number} ${input.certificateNo}`,
  })
  const contentWidth = PAGE.width - MARGIN * 2
  let y = top
  const field = (label: string, value: string, font = regular, size = 12) => {
    y = drawField(page, { y, label, value, labelFont: regular, font, size, labelWidth: 96 })
  }
  field(TEXT.work, input.title || TEXT.untitled, bold, 15)
  field(TEXT.owner, input.ownerName)
  if (input.genre !== '') field(TEXT.genre, input.genre)
  if (creation.length > 0) field(TEXT.aiMethod, TEXT.aiMethodValue)
  field(TEXT.time, chinaTime(input.depositedAt))
  field(TEXT.fingerprint, `SHA-256 ${input.sha256}`, regular, 10)
  field(TEXT.position, `第 ${input.logIndex + 1} 条（序号 ${input.logIndex}）`)

  page.drawLine({
    start: { x: MARGIN, y: y + 6 },
    end: { x: PAGE.width - MARGIN, y: y + 6 },
    thickness: 0.5,
    color: HAIRLINE,
  })
  y -= 18
  page.drawText(TEXT.proof, { x: MARGIN, y, size: 12, font: bold, color: INK })
  y -= 20
  const small = (label: string, value: string) => {
    page.drawText(label, { x: MARGIN, y, size: 8, font: regular, color: MUTED })
    const lines = value.split('\n').flatMap((part) => wrap(part, regular, 7.5, contentWidth - 96))
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 96, y, size: 7.5, font: regular, color: INK })
      y -= 11
    }
    y -= 4
  }
  small(TEXT.treeSize, String(input.checkpoint.treeSize))
  small(TEXT.root, input.checkpoint.rootHash)
  small(TEXT.signature, input.checkpoint.signature)
  small(TEXT.publicKey, input.checkpoint.publicKey)
  small(
    TEXT.path,
    input.inclusionPath.length === 0 ? TEXT.singleLeaf : input.inclusionPath.join('\n'),
  )

  // The QR code and how to check, at the foot of the page.
  const qrSize = 104
  const footY = 64
  drawQr(page, input.verifyUrl, PAGE.width - MARGIN - qrSize, footY, qrSize)
  const explanation = TEXT.howTo
  let footLine = footY + qrSize - 10
  for (const line of explanation) {
    page.drawText(line, { x: MARGIN, y: footLine, size: 9, font: regular, color: MUTED })
    footLine -= 16
  }
  page.drawText(drawable(input.verifyUrl, regular).slice(0, 90), {
    x: MARGIN,
    y: footY,
    size: 7,
    font: regular,
    color: MUTED,
  })
  if (creation.length > 0) drawCreationPage(pdf, input, creation, { regular, bold })
  return pdf.save()
}
