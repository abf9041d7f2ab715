/**
 * Decorates the app with its file storage (`app.storage`) and the signer of file URLs
 * (`app.fileUrls`). The embedded default is the local disk under DATA_DIR/files; STORAGE_DRIVER=s3
 * puts files in an S3-compatible bucket (config.ts, README "File storage").
 */
import { hkdfSync } from 'node:crypto'
import fastifyPlugin from 'fastify-plugin'
import { createFileUrlSigner, loadOrCreateFileUrlKey, type FileUrlSigner } from '../media/signedUrl'
import type { StorageConfig } from '../config'
import type { FileStorage } from './fileStorage'
import { LocalDiskStorage } from './localDiskStorage'
import { createS3Client, S3Storage } from './s3Storage'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
    fileUrls: FileUrlSigner
    /**
     * A key of its own for `purpose`, derived (HKDF) from the server's file URL key, so one
     * configured secret serves several uses without one use revealing another's key.
     */
    derivedKey: (purpose: string) => Buffer
  }
}

export interface StoragePluginOptions {
  /** Replaces the storage the configuration names (tests, or another backend). */
  storage?: FileStorage | undefined
}

/** Temporaries older than this at start were left by a process killed mid-upload. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000

/** The storage the configuration names, and what closing it takes. */
function storageOf(config: StorageConfig): { storage: FileStorage; close: () => void } {
  if (config.driver === 'local') {
    return { storage: new LocalDiskStorage(config.directory), close: () => undefined }
  }
  const client = createS3Client(config)
  return { storage: new S3Storage(client, config.bucket), close: () => client.destroy() }
}

export const storagePlugin = fastifyPlugin<StoragePluginOptions>(
  async (app, options) => {
    if (options.storage === undefined) {
      const configured = storageOf(app.config.storage)
      app.decorate('storage', configured.storage)
      app.addHook('onClose', async () => configured.close())
      // On S3 a bucket lifecycle rule does this (README "File storage").
      if (configured.storage instanceof LocalDiskStorage) {
        await configured.storage.sweepTemporaries(app.clock(), STALE_TEMPORARY_MS)
      }
    } else {
      app.decorate('storage', options.storage)
    }
    const fileUrlKey =
      app.config.fileUrlSecret ?? (await loadOrCreateFileUrlKey(app.config.dataDir))
    app.decorate('fileUrls', createFileUrlSigner(fileUrlKey))
    app.decorate('derivedKey', (purpose: string) =>
      Buffer.from(hkdfSync('sha256', fileUrlKey, 'gy', purpose, 32)),
    )
  },
  { name: 'gy-storage' },
)
