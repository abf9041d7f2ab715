/**
 * The public verification page (/verify), a bundle of its own: no framework, so it loads fast
 * for anyone who scans a certificate's QR code. The checking itself is verifyDeposit.ts.
 */
import type { Checkpoint, Envelope, VerifyResult } from '@gy/api'
import { PLATFORM } from '@gy/api/constants'
import { toHex } from '@gy/api/merkle'
import { randomString, signedText } from '@gy/api/signing'
import { lightTheme } from '@gy/design-system'
import { VERIFY_TEXT as TEXT } from './strings'
import * as styles from './verify.css'
import { sha256, verifyFile, type DepositLogReader, type Verdict } from './verifyDeposit'

document.documentElement.classList.add(lightTheme)

/** A signed open call of the contract, signed with Web Crypto (no crypto-js in this bundle). */
async function call<Data>(path: string, body: unknown): Promise<Data> {
  const bodyText = JSON.stringify(body)
  const nonce = randomString()
  const timestamp = String(Date.now())
  const signature = toHex(
    await sha256(
      new TextEncoder().encode(signedText(bodyText, nonce, timestamp, __GY_SIGN_SECRET__)),
    ),
  )
  const response = await fetch(`/api/music-server/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json;charset=UTF-8',
      nonce,
      timestamp,
      signature,
      platform: String(PLATFORM),
    },
    body: bodyText,
  })
  const envelope = (await response.json()) as Envelope<Data>
  if (envelope.code !== '000') throw new Error(envelope.msg)
  return envelope.data
}

const log: DepositLogReader = {
  verify: (hash) => call<VerifyResult>('keepRecord/verify', { sha256: hash }),
  checkpoint: (treeSize) => call<Checkpoint>('keepRecord/checkpoint', { treeSize }),
}

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'long',
  timeStyle: 'medium',
})

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  className: string,
  text?: string,
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

function facts(rows: ReadonlyArray<[string, string]>): HTMLDListElement {
  const list = element('dl', styles.facts)
  for (const [term, value] of rows) {
    list.append(element('dt', styles.term, term), element('dd', styles.mono, value))
  }
  return list
}

const root = document.getElementById('verify') as HTMLElement
root.className = styles.page
const wantedCertificate = new URLSearchParams(location.search).get('certificateNo')

const header = element('header', styles.header)
const brand = element('a', styles.brand, TEXT.brand)
brand.href = '/home'
const home = element('a', styles.link, TEXT.home)
home.href = '/home'
header.append(brand, home)

const zone = element('label', styles.zone)
const input = element('input', styles.hiddenInput)
input.type = 'file'
zone.append(
  input,
  element('span', styles.zoneTitle, TEXT.choose),
  element('span', styles.muted, TEXT.chooseHint),
)
const status = element('p', styles.muted)
status.setAttribute('role', 'status')
const resultArea = element('section', styles.result)
resultArea.hidden = true
resultArea.setAttribute('aria-live', 'polite')

root.append(
  header,
  element('h1', styles.title, TEXT.title),
  element(
    'p',
    styles.lead,
    wantedCertificate === null ? TEXT.lead : TEXT.forCertificate(wantedCertificate),
  ),
  zone,
  status,
  resultArea,
)

function showVerdict(verdict: Verdict): void {
  resultArea.hidden = false
  resultArea.dataset.kind = verdict.kind
  resultArea.replaceChildren()
  if (verdict.kind === 'valid') {
    const { deposit, checkpoint } = verdict
    resultArea.append(
      element('h2', styles.resultTitle, TEXT.validTitle),
      element(
        'p',
        styles.sentence,
        TEXT.validSentence(
          timeFormat.format(new Date(deposit.depositedAt)),
          deposit.ownerName,
          deposit.certificateNo,
        ),
      ),
      element('p', styles.muted, TEXT.validDetail),
    )
    if (wantedCertificate !== null && wantedCertificate !== deposit.certificateNo) {
      resultArea.append(element('p', styles.sentence, TEXT.otherCertificate(deposit.certificateNo)))
    }
    resultArea.append(
      facts([
        [TEXT.workTitle, deposit.title],
        [TEXT.certificateNo, deposit.certificateNo],
        [TEXT.logIndex, String(deposit.logIndex)],
        [TEXT.fingerprint, verdict.sha256],
        [TEXT.treeSize, String(checkpoint.treeSize)],
        [TEXT.rootHash, checkpoint.rootHash],
        [TEXT.publicKey, checkpoint.publicKey],
      ]),
    )
  } else if (verdict.kind === 'notFound') {
    resultArea.append(
      element('h2', styles.resultTitle, TEXT.notFoundTitle),
      element('p', styles.sentence, TEXT.notFound),
      facts([[TEXT.fingerprint, verdict.sha256]]),
    )
  } else {
    resultArea.append(
      element('h2', styles.resultTitle, TEXT.invalidTitle),
      element('p', styles.sentence, TEXT.invalid[verdict.reason]),
      facts([[TEXT.fingerprint, verdict.sha256]]),
    )
  }
}

async function check(file: File): Promise<void> {
  resultArea.hidden = true
  status.textContent = TEXT.hashing
  try {
    const verdict = await verifyFile(file, {
      verify: (hash) => {
        status.textContent = TEXT.asking
        return log.verify(hash)
      },
      checkpoint: log.checkpoint,
    })
    status.textContent = ''
    showVerdict(verdict)
  } catch (error) {
    status.textContent = ''
    resultArea.hidden = false
    resultArea.dataset.kind = 'failed'
    resultArea.replaceChildren(
      element('h2', styles.resultTitle, TEXT.failed),
      element('p', styles.muted, error instanceof Error ? error.message : ''),
    )
  }
}

input.addEventListener('change', () => {
  const file = input.files?.[0]
  input.value = ''
  if (file !== undefined) void check(file)
})
zone.addEventListener('dragover', (event) => {
  event.preventDefault()
  zone.dataset.dragging = ''
})
zone.addEventListener('dragleave', () => delete zone.dataset.dragging)
zone.addEventListener('drop', (event) => {
  event.preventDefault()
  delete zone.dataset.dragging
  const file = event.dataTransfer?.files[0]
  if (file !== undefined) void check(file)
})
