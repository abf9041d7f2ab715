import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chinaTime, renderCertificatePdf, type CertificateInput } from './certificatePdf'

const run = promisify(execFile)

const INPUT: CertificateInput = {
  certificateNo: 'GYCD-20261124-00000042',
  title: '夜空中最亮的星（录音室版）',
  ownerName: 'GY用户8000',
  depositedAt: '2026-11-24T00:04:05.123Z',
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  logIndex: 42,
  genre: '民谣',
  checkpoint: {
    treeSize: 43,
    rootHash: 'cd'.repeat(32),
    signature: 'c2lnbmF0dXJl'.repeat(7),
    publicKey: 'cHVibGljIGtleQ=='.repeat(2),
  },
  inclusionPath: ['ef'.repeat(32), '01'.repeat(32)],
  verifyUrl: 'https://gy.example.com/verify?certificateNo=GYCD-20261124-00000042',
}

describe('the deposit certificate PDF', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'gy-certificate-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  async function written(input: CertificateInput, name: string): Promise<string> {
    const file = path.join(folder, `${name}.pdf`)
    await writeFile(file, await renderCertificatePdf(input))
    return file
  }

  it('reads as Chinese text with the proof data, in a small file with the font embedded', async () => {
    const bytes = await renderCertificatePdf(INPUT)
    // A subset of the font: the whole font alone is over 10 MB.
    expect(bytes.length).toBeLessThan(300_000)
    const file = await written(INPUT, 'certificate')
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-'])
    // Hashes wrap across lines: compare without the spacing the layout adds.
    const compact = text.replace(/\s+/g, '')
    for (const expected of [
      '作品存证证书',
      INPUT.certificateNo,
      INPUT.title,
      INPUT.ownerName,
      INPUT.sha256,
      INPUT.checkpoint.rootHash,
      ...INPUT.inclusionPath,
      chinaTime(INPUT.depositedAt),
      '2026年11月24日 08:04:05',
    ]) {
      expect(compact).toContain(expected.replace(/\s+/g, ''))
    }
    const { stdout: fonts } = await run('pdffonts', [file])
    expect(fonts).toMatch(/NotoSansSC-Regular.*CID TrueType.*yes/)
    expect(fonts).toMatch(/NotoSansSC-Bold.*CID TrueType.*yes/)
  })

  it('still renders a title with characters the font lacks, control characters or great length', async () => {
    const odd = {
      ...INPUT,
      title: `🎵标题\u0007${'很长'.repeat(60)}`,
      genre: '',
      inclusionPath: [],
    }
    const file = await written(odd, 'odd')
    const { stdout } = await run('pdftotext', [file, '-'])
    expect(stdout).toContain('标题')
    expect(stdout).toContain('日志只有这一条')
    const { stderr } = await run('pdftoppm', [
      '-png',
      '-r',
      '30',
      '-singlefile',
      file,
      path.join(folder, 'odd'),
    ])
    expect(stderr).toBe('')
  })
})
