/**
 * Uploads as the client sends them, for tests and the bench: a multipart body written by hand
 * (so a test can cut it short or put a path in a file name), signed over '' as CONTRACT.md says.
 */
import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { UploadedFile } from '@gy/api/contract'
import type { Envelope } from '@gy/api/envelope'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { signedRequest } from '../../test/call'
import { signedHeaders } from '../../test/signing'

export const UPLOAD_URL = '/api/user-server/obs/uploadFile'

export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; bytes: Uint8Array; contentType?: string }

export interface MultipartBody {
  contentType: string
  /** The opening of every part but the file bytes: to stream a large file without holding it. */
  body: Buffer
}

/**
 * A body of `purpose` and one file whose bytes the caller streams between `opening` and
 * `closing`: a 50 MB upload without a 50 MB buffer (the bench).
 */
export function streamedUploadBody(
  purpose: string,
  fileName: string,
): { contentType: string; opening: Buffer; closing: Buffer } {
  const { contentType, body } = multipartBody([
    { name: 'purpose', value: purpose },
    { name: 'file', fileName, bytes: new Uint8Array() },
  ])
  // The file part's bytes sit right before its closing CRLF and the final boundary.
  const closingText = `\r\n--${contentType.split('boundary=')[1] ?? ''}--\r\n`
  return {
    contentType,
    opening: body.subarray(0, body.length - Buffer.byteLength(closingText)),
    closing: Buffer.from(closingText),
  }
}

/** A multipart/form-data body of `parts`, in order. */
export function multipartBody(parts: readonly FormPart[]): MultipartBody {
  const boundary = `----gyTest${randomBytes(8).toString('hex')}`
  const pieces: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      )
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      )
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`))
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(pieces) }
}

export interface UploadAnswer {
  status: number
  envelope: Envelope<UploadedFile>
}

/** The inject options of a signed upload of `body` (CONTRACT.md: signed over ''). */
export function uploadRequest(
  app: FastifyInstance,
  token: string | undefined,
  body: MultipartBody,
  options: { unsigned?: boolean } = {},
): InjectOptions {
  const request = signedRequest(app, UPLOAD_URL, { token, unsigned: options.unsigned ?? false })
  return {
    ...request,
    payload: body.body,
    headers: { ...request.headers, 'content-type': body.contentType },
  }
}

/** Posts `body` (a whole or deliberately broken multipart body) to the upload route, signed. */
export async function postUpload(
  app: FastifyInstance,
  token: string | undefined,
  body: MultipartBody,
  options: { unsigned?: boolean } = {},
): Promise<UploadAnswer> {
  const response = await app.inject(uploadRequest(app, token, body, options))
  return {
    status: response.statusCode,
    envelope: JSON.parse(response.body) as Envelope<UploadedFile>,
  }
}

/** Uploads one file the way the web client does: `purpose` first, then `file`. */
export function uploadFile(
  app: FastifyInstance,
  token: string | undefined,
  purpose: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<UploadAnswer> {
  return postUpload(
    app,
    token,
    multipartBody([
      { name: 'purpose', value: purpose },
      { name: 'file', fileName, bytes },
    ]),
  )
}

/** The headers of a signed upload sent over a socket (the bench, the abort test). */
export function uploadHeaders(
  app: FastifyInstance,
  token: string,
  contentType: string,
  contentLength: number,
): Record<string, string> {
  return {
    ...signedHeaders({
      bodyText: '',
      secret: app.config.signSecret,
      now: app.clock().getTime(),
      token,
    }),
    'content-type': contentType,
    'content-length': String(contentLength),
  }
}

/** Every file under a local storage root (stored files, type sidecars, temporaries). */
export async function filesUnder(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort()
  } catch (error) {
    if (error instanceof Error && Reflect.get(error, 'code') === 'ENOENT') return []
    throw error
  }
}

/** Rows of uploaded_files: a refused upload must leave the count as it was. */
export async function uploadedFileRows(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('uploaded_files')
    .select((expression) => expression.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
