/**
 * `obs/uploadFile`: one audio file or image, streamed into storage (CONTRACT.md "Files").
 *
 * The request guard has checked the signature (over '') and the login before the handler runs,
 * and the multipart body is only read in the handler, so no byte of a refused request is stored.
 * The type is judged by the first bytes, never by the name or the declared MIME type; the file
 * is hashed and counted while it streams to storage, and stopped at the limit of its kind. An
 * image is not stored as sent: it is read whole (5 MB at most), refused when its header says it
 * has more than 40 megapixels (a decompression bomb), and what is stored, hashed and served is a
 * bounded re-encoding of it (media/images.ts). Any refusal or failure leaves storage and
 * `uploaded_files` as they were.
 */
import fastifyMultipart, { type Multipart, type MultipartFile } from '@fastify/multipart'
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_PURPOSES,
  uploadedFile,
  uploadForm,
  type UploadPurpose,
  type UploadedFile,
} from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { insertUploadedFile } from '../../domain/files.repository'
import { EnvelopeError, success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'
import {
  bytesNeededToSniff,
  sniffContentType,
  uploadPurposeOf,
  urlFileNameOf,
} from '../../media/contentType'
import { boundedImage, IMAGE_MAX_SIDE } from '../../media/images'
import { StorageLimitError, type PutStreamResult } from '../../storage/fileStorage'

/** The longest original name kept (it is shown, never used as a path). */
const ORIGINAL_NAME_MAX_LENGTH = 200

// C0 and C1 controls, DEL, and the bidirectional overrides that disguise an extension.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/**
 * The name the user's file has. Browsers write a file name into the multipart header with `"`,
 * CR and LF percent-encoded (the HTML standard's form encoding): undone here, so a line break
 * is seen as the control character it is.
 */
export function fileNameAsSent(headerValue: string): string {
  return headerValue.replace(/%22|%0A|%0D/gi, (escape) => decodeURIComponent(escape))
}

/** A bare file name: no directory part, no control characters. */
export function isAcceptableFileName(name: string): boolean {
  if (name.trim() === '' || name === '.' || name === '..') return false
  if (name.includes('/') || name.includes('\\')) return false
  return !CONTROL_CHARACTERS.test(name)
}

const TYPE_REFUSALS: Readonly<Record<UploadPurpose, string>> = {
  audio: MESSAGES.fileTypeAudio,
  image: MESSAGES.fileTypeImage,
}

const SIZE_REFUSALS: Readonly<Record<UploadPurpose, string>> = {
  audio: MESSAGES.fileTooLargeAudio,
  image: MESSAGES.fileTooLargeImage,
}

function incomplete(): EnvelopeError {
  return new EnvelopeError('400', MESSAGES.fileUploadIncomplete)
}

function concatenate(chunks: readonly Uint8Array[]): Uint8Array {
  return chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks)
}

/**
 * The bytes of the request's file part. A failure to read them (the body ends mid-file, the
 * client goes away) is the client's: it becomes "upload incomplete", while a failure of storage
 * itself stays a fault of the server.
 */
async function* requestBytes(file: MultipartFile['file']): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file) yield chunk as Uint8Array
  } catch {
    throw incomplete()
  }
  // Busboy ends a file early, without an error, when the body stops between two of its chunks.
  if (file.truncated) throw incomplete()
}

interface SniffedStream {
  /** The kind the first bytes say the file is, or null for anything that may not be uploaded. */
  purpose: UploadPurpose | null
  contentType: string | null
  /** The whole file again, the first bytes included. */
  bytes: AsyncGenerator<Uint8Array>
}

/** Reads just enough of `source` to judge its type, and hands back the whole stream. */
async function sniff(source: AsyncGenerator<Uint8Array>): Promise<SniffedStream> {
  const chunks: Uint8Array[] = []
  let length = 0
  let ended = false
  while (!ended && length < bytesNeededToSniff(concatenate(chunks))) {
    const next = await source.next()
    if (next.done === true) ended = true
    else {
      chunks.push(next.value)
      length += next.value.byteLength
    }
  }
  const head = concatenate(chunks)
  const contentType = sniffContentType(head)
  async function* whole(): AsyncGenerator<Uint8Array> {
    try {
      if (head.byteLength > 0) yield head
      if (!ended) yield* source
    } finally {
      // A consumer that stops early (the size limit) stops the request's stream with it.
      await source.return(undefined)
    }
  }
  return { purpose: uploadPurposeOf(contentType), contentType, bytes: whole() }
}

/** All of `source`, refused with `StorageLimitError` as soon as it is longer than `maxBytes`. */
async function bytesUpTo(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let length = 0
  for await (const chunk of source) {
    length += chunk.byteLength
    // Leaving the loop by throwing returns the source, which stops the request's stream.
    if (length > maxBytes) throw new StorageLimitError(maxBytes)
    chunks.push(chunk)
  }
  return concatenate(chunks)
}

/**
 * Stores an image as a bounded re-encoding of what was sent, never the upload itself: its key is
 * the hash of the stored bytes, so the same picture sent twice is still stored once.
 */
async function putImage(
  app: FastifyInstance,
  source: AsyncIterable<Uint8Array>,
): Promise<PutStreamResult> {
  const sent = await bytesUpTo(source, UPLOAD_MAX_BYTES.image)
  const image = await boundedImage(sent, IMAGE_MAX_SIDE)
  return app.storage.putStream([image.bytes], image.contentType, {
    maxBytes: image.bytes.byteLength,
  })
}

interface ReceivedUpload {
  stored: PutStreamResult
  purpose: UploadPurpose
  originalName: string
}

const FORM_LIMIT_ERRORS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'])

function isFormLimitError(error: unknown): boolean {
  return error instanceof Error && FORM_LIMIT_ERRORS.has(String(Reflect.get(error, 'code')))
}

function purposeOf(value: unknown): UploadPurpose {
  const purpose = UPLOAD_PURPOSES.find((candidate) => candidate === value)
  if (purpose === undefined) throw new EnvelopeError('400', MESSAGES.filePurposeInvalid)
  return purpose
}

/**
 * Reads the multipart body: `purpose` (before the file, as the client sends it, or after) and
 * one `file`, stored as it streams. Whatever is stored before a refusal is passed to `discard`.
 */
async function receiveUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  discard: (stored: PutStreamResult) => Promise<void>,
): Promise<ReceivedUpload> {
  let declared: UploadPurpose | null = null
  let received: ReceivedUpload | null = null
  const parts = request.parts()
  try {
    for (;;) {
      let next: IteratorResult<Multipart>
      try {
        next = await parts.next()
      } catch (error) {
        if (error instanceof EnvelopeError) throw error
        // More files, fields or parts than this form has: not a broken upload, a wrong one.
        if (isFormLimitError(error)) throw new EnvelopeError('400', MESSAGES.bodyInvalid)
        // Anything else the parser throws is a body cut short.
        throw incomplete()
      }
      if (next.done === true) break
      const part = next.value
      if (part.type === 'field') {
        if (part.fieldname === 'purpose') declared = purposeOf(part.value)
        continue
      }
      if (part.fieldname !== 'file' || received !== null) {
        throw new EnvelopeError('400', MESSAGES.bodyInvalid)
      }
      const fileName = fileNameAsSent(part.filename)
      if (!isAcceptableFileName(fileName)) {
        throw new EnvelopeError('400', MESSAGES.fileNameInvalid)
      }
      const sniffed = await sniff(requestBytes(part.file))
      if (sniffed.purpose === null || sniffed.contentType === null) {
        throw new EnvelopeError('400', TYPE_REFUSALS[declared ?? 'audio'])
      }
      if (declared !== null && declared !== sniffed.purpose) {
        throw new EnvelopeError('400', TYPE_REFUSALS[declared])
      }
      const purpose = sniffed.purpose
      try {
        const stored =
          purpose === 'image'
            ? await putImage(app, sniffed.bytes)
            : await app.storage.putStream(sniffed.bytes, sniffed.contentType, {
                maxBytes: UPLOAD_MAX_BYTES[purpose],
              })
        received = {
          stored,
          purpose,
          originalName: fileName.slice(0, ORIGINAL_NAME_MAX_LENGTH),
        }
      } catch (error) {
        if (error instanceof StorageLimitError) {
          throw new EnvelopeError('413', SIZE_REFUSALS[purpose])
        }
        throw error
      }
    }
    if (received === null) throw new EnvelopeError('400', MESSAGES.fileMissing)
    if (declared === null) throw new EnvelopeError('400', MESSAGES.filePurposeInvalid)
    // `purpose` came after the file: judged by the bytes all the same, checked now.
    if (declared !== received.purpose) throw new EnvelopeError('400', TYPE_REFUSALS[declared])
    return received
  } catch (error) {
    if (received !== null) await discard(received.stored)
    throw error
  }
}

/**
 * After a refusal the rest of a large body is not worth reading: the answer goes out and the
 * connection closes, instead of the server draining up to 100 MB it will throw away.
 */
function closeAfterReply(reply: FastifyReply): void {
  reply.header('connection', 'close')
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  // Registered in this scope only: every other route keeps refusing anything but JSON.
  await app.register(fastifyMultipart, {
    // Names as the browser sent them, so a path in one is seen and refused, not quietly cut off.
    preservePath: true,
    // The contract's limits are enforced while storing; these only bound what a form may hold.
    throwFileSizeLimit: false,
    limits: {
      fileSize: UPLOAD_MAX_BYTES.audio + 1,
      files: 1,
      fields: 4,
      fieldSize: 64,
      parts: 6,
      headerPairs: 16,
    },
  })

  /** Removes a file this request created, unless another upload has come to use it meanwhile. */
  const discard = async (stored: PutStreamResult): Promise<void> => {
    if (!stored.created) return
    const user = await app.db
      .selectFrom('uploaded_files')
      .select('id')
      .where('storage_key', '=', stored.key)
      .executeTakeFirst()
    if (user === undefined) await app.storage.delete(stored.key)
  }

  apiRoute(app, {
    method: 'POST',
    url: '/obs/uploadFile',
    auth: 'required',
    summary:
      '上传音频（MP3、WAV、FLAC，100MB 以内）或图片（JPG、PNG、WebP，5MB 以内、不超过 4000 万像素；保存的是长边不超过 1600 像素、去掉元数据的重新编码）：multipart/form-data，字段 purpose 与 file，签名的 bodyText 为空',
    form: uploadForm,
    response: uploadedFile,
    errors: ['413'],
    handler: async ({ request, reply, user }) => {
      let upload: ReceivedUpload
      try {
        upload = await receiveUpload(app, request, discard)
      } catch (error) {
        closeAfterReply(reply)
        throw error
      }
      const { stored, purpose, originalName } = upload
      let row
      try {
        row = await insertUploadedFile(app.db, {
          ownerUserId: user.id,
          purpose,
          storageKey: stored.key,
          contentType: stored.contentType,
          size: stored.size,
          originalName,
        })
      } catch (error) {
        await discard(stored)
        throw error
      }
      const data: UploadedFile = {
        fileId: row.id,
        url: app.fileUrls.urlFor(
          stored.key,
          urlFileNameOf(stored.contentType, purpose),
          app.clock(),
        ),
        sha256: stored.key,
        size: stored.size,
        contentType: stored.contentType,
      }
      return success(data, MESSAGES.ok)
    },
  })
}
