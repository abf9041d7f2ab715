import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll } from 'vitest'
import { describeFileStorage } from './fileStorage.contract'
import { createS3Client, S3Storage } from './s3Storage'
import { startTestS3, type TestS3 } from './s3TestServer'

let server: TestS3 | undefined
let client: S3Client | undefined

afterAll(async () => {
  client?.destroy()
  await server?.close()
})

describeFileStorage('S3Storage', async () => {
  server = await startTestS3()
  const { bucket } = server.settings
  const s3 = createS3Client(server.settings)
  client = s3
  return {
    storage: new S3Storage(s3, bucket),
    listEverything: async () => {
      const listing = await s3.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listing.Contents ?? []).map((object) => object.Key ?? '').sort()
    },
    selfCopyKeepsDate: true,
  }
})
