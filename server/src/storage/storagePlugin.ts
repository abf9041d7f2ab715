/**
 * Decorates the app with its file storage (`app.storage`) and the signer of file URLs
 * (`app.fileUrls`). The embedded default is the local disk under DATA_DIR/files.
 */
import fastifyPlugin from 'fastify-plugin'
import { createFileUrlSigner, loadOrCreateFileUrlKey, type FileUrlSigner } from '../media/signedUrl'
import type { FileStorage } from './fileStorage'
import { LocalDiskStorage } from './localDiskStorage'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
    fileUrls: FileUrlSigner
  }
}

export interface StoragePluginOptions {
  /** Replaces the storage the configuration names (tests, or another backend). */
  storage?: FileStorage | undefined
}

export const storagePlugin = fastifyPlugin<StoragePluginOptions>(
  async (app, options) => {
    app.decorate('storage', options.storage ?? new LocalDiskStorage(app.config.fileStorageDir))
    const fileUrlKey =
      app.config.fileUrlSecret ?? (await loadOrCreateFileUrlKey(app.config.dataDir))
    app.decorate('fileUrls', createFileUrlSigner(fileUrlKey))
  },
  { name: 'gy-storage' },
)
