/**
 * An S3-protocol server for tests: the one CI started (`S3_TEST_ENDPOINT`, see .ci/run), or else
 * an s3rver started in this process, so the S3 tests run on a developer's machine too. Each call
 * gets a bucket of its own.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { createS3Client, type S3StorageSettings } from './s3Storage'

/** s3rver's fixed credentials: it checks request signatures against them. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestS3 {
  settings: S3StorageSettings
  close(): Promise<void>
}

export async function startTestS3(): Promise<TestS3> {
  let endpoint = process.env.S3_TEST_ENDPOINT
  let stop = async (): Promise<void> => {}
  if (endpoint === undefined || endpoint === '') {
    const directory = await mkdtemp(path.join(tmpdir(), 'gy-s3rver-'))
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
    const { port } = await server.run()
    endpoint = `http://127.0.0.1:${port}`
    stop = async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    }
  }
  const settings: S3StorageSettings = {
    endpoint,
    region: 'us-east-1',
    bucket: `gy-test-${randomBytes(6).toString('hex')}`,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  }
  const client = createS3Client(settings)
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
  client.destroy()
  return { settings, close: stop }
}
