/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, OSS/COS in S3 mode) through the AWS SDK.
 * Objects are named `files/<sha256>` with their content type as object metadata. A streamed put
 * goes to `tmp/<random>` in a multipart upload (a few parts in memory at a time, never the whole
 * file), is copied under its hash once the hash is known, and the temporary is deleted: a reader
 * never sees half a file under a key. Browsers never talk to the bucket: they read through the
 * server's signed `/files/...` URLs, so the credentials stay on the server.
 */
import { randomBytes } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { ContentAddressedStorage } from './contentAddressedStorage'
import {
  isStorageKey,
  type ByteRange,
  type ListedFile,
  type StorageKey,
  type StoredFile,
} from './fileStorage'

export interface S3StorageSettings {
  /** null: AWS's own endpoint for the region. */
  endpoint: string | null
  region: string
  bucket: string
  /** null: the SDK's default credential chain (environment, instance role...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
  /** Bucket in the path rather than the host name: MinIO and most S3-compatible servers need it. */
  forcePathStyle: boolean
}

/** Multipart parts of a streamed put: S3's smallest, and two uploading at once (10 MB in memory). */
const PART_SIZE = 5 * 1024 * 1024
const FILES_PREFIX = 'files/'
const PARTS_AT_ONCE = 2

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false
  return (
    error.$metadata.httpStatusCode === 404 ||
    error.name === 'NotFound' ||
    error.name === 'NoSuchKey'
  )
}

export function createS3Client(settings: S3StorageSettings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === null ? {} : { credentials: settings.credentials }),
  })
}

export class S3Storage extends ContentAddressedStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {
    super()
  }

  private objectKeyOf(key: StorageKey): string {
    // Keys reach here from URLs: only a real key may name an object.
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key.slice(0, 80)}`)
    return `${FILES_PREFIX}${key}`
  }

  protected async temporaryName(): Promise<string> {
    return `tmp/${randomBytes(12).toString('hex')}`
  }

  protected async writeTemporary(
    name: string,
    bytes: Readable,
    contentType: string,
  ): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: name, Body: bytes, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      // A failed multipart upload is aborted, so its parts are not kept (and billed) in the bucket.
      leavePartsOnError: false,
    })
    await upload.done()
  }

  protected async promote(name: string, key: StorageKey, contentType: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKeyOf(key),
        CopySource: `${this.bucket}/${name}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    )
  }

  /** A small file went up as one PUT, which no abort removes: delete the temporary in any case. */
  protected async removeTemporary(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }))
  }

  /** S3 has no "touch": copying the object onto itself with its metadata replaced renews its date. */
  protected async touch(key: StorageKey, contentType: string): Promise<void> {
    const objectKey = this.objectKeyOf(key)
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          CopySource: `${this.bucket}/${objectKey}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      )
    } catch (error) {
      // Removed in between (a sweep, a delete): the caller's put found it a moment ago, no more.
      if (!isNotFound(error)) throw error
    }
  }

  async *list(): AsyncGenerator<ListedFile> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: FILES_PREFIX },
    )
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(FILES_PREFIX.length) ?? ''
        if (isStorageKey(key) && object.LastModified !== undefined) {
          yield { key, modifiedAt: object.LastModified }
        }
      }
    }
  }

  async modifiedAt(key: StorageKey): Promise<Date | null> {
    if (!isStorageKey(key)) return null
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key) }),
      )
      return head.LastModified ?? null
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async delete(key: StorageKey): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key) }),
    )
  }

  async stat(key: StorageKey): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key) }),
      )
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  read(key: StorageKey, range?: ByteRange): Readable {
    const objectKey = this.objectKeyOf(key)
    // The interface hands back a stream at once; the object's bytes flow in when S3 answers.
    const output = new PassThrough()
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
        }),
      )
      .then((object) => {
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream')
        object.Body.on('error', (error) => output.destroy(error))
        object.Body.pipe(output)
        // A reader that gives up early must not leave the S3 connection open.
        output.on('close', () => {
          if (object.Body instanceof Readable) object.Body.destroy()
        })
      })
      .catch((error: unknown) =>
        output.destroy(error instanceof Error ? error : new Error(String(error))),
      )
    return output
  }

  async readAll(key: StorageKey): Promise<Uint8Array> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key) }),
    )
    if (object.Body === undefined) throw new Error('S3 answered without a body')
    return object.Body.transformToByteArray()
  }
}
