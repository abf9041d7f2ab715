/**
 * music-server keepRecord/*: copyright deposits and their public log. Depositing and one's own
 * deposits need login; the checkpoint, verification and consistency proofs are open to anyone
 * (signed like every API call), so a visitor or an auditor can check the log without trusting us.
 */
import {
  checkpoint,
  checkpointBody,
  consistencyBody,
  consistencyProof,
  deposit,
  depositBody,
  depositDetailsBody,
  depositPage,
  depositRecord,
  pageBody,
  verifyBody,
  verifyResult,
} from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { consistencyProof as proveConsistency, logSize } from '../../domain/depositLog'
import { loadDepositLogSigner } from '../../domain/depositLogKey'
import {
  certificateUrlOf,
  checkpointAt,
  makeDeposit,
  toDepositRecords,
  verifyDeposit,
} from '../../domain/deposits'
import { EnvelopeError, success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

export async function musicServerDepositRoutes(app: FastifyInstance): Promise<void> {
  const signer = await loadDepositLogSigner(app.config)

  apiRoute(app, {
    method: 'POST',
    url: '/keepRecord/uploadListing',
    auth: 'required',
    summary: '作品存证：把自己上传的音频记入公开的存证日志，得到证书编号和证书 PDF',
    body: depositBody,
    response: deposit,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      const made = await makeDeposit(app, signer, user, body)
      return success(
        {
          depositId: made.id,
          certificateNo: made.certificate_no,
          title: made.title,
          sha256: made.sha256,
          depositedAt: made.deposited_at.toISOString(),
          logIndex: Number(made.log_index),
          certificateUrl: certificateUrlOf(app, made),
        },
        MESSAGES.ok,
      )
    },
  })

  async function ownDeposits(userId: string, page: number, pageSize: number) {
    const mine = app.db.selectFrom('deposits').where('owner_user_id', '=', userId)
    const [rows, count] = await Promise.all([
      mine
        .selectAll()
        .orderBy('deposited_at', 'desc')
        .orderBy('log_index', 'desc')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .execute(),
      mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { records: await toDepositRecords(app, signer, rows), total: Number(count.total) }
  }

  for (const url of ['/keepRecord/musicList', '/keepRecord/musicListWeb']) {
    apiRoute(app, {
      method: 'POST',
      url,
      auth: 'required',
      summary: '我的存证记录，最新的在前',
      body: pageBody,
      response: depositPage,
      handler: async ({ body, user }) =>
        success(await ownDeposits(user.id, body.page, body.pageSize)),
    })
  }

  apiRoute(app, {
    method: 'POST',
    url: '/keepRecord/depositDetails',
    auth: 'required',
    summary: '一条自己的存证：证书信息、存证时的签名检查点和包含证明',
    body: depositDetailsBody,
    response: depositRecord,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const row = await app.db
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', body.depositId)
        .executeTakeFirst()
      if (row === undefined) throw new EnvelopeError('404', MESSAGES.depositNotFound)
      if (row.owner_user_id !== user.id) throw new EnvelopeError('403', MESSAGES.depositForbidden)
      const [record] = await toDepositRecords(app, signer, [row])
      if (record === undefined) throw new EnvelopeError('404', MESSAGES.depositNotFound)
      return success(record)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/keepRecord/checkpoint',
    auth: 'none',
    summary: '存证日志的签名检查点（树大小与根哈希，Ed25519 签名）；可指定更早的树大小',
    body: checkpointBody,
    response: checkpoint,
    errors: [],
    handler: async ({ body }) => {
      const size = await logSize(app.db)
      const treeSize = body.treeSize ?? size
      if (treeSize > size) throw new EnvelopeError('400', MESSAGES.treeSizeInvalid)
      return success(await checkpointAt(app.db, signer, treeSize))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/keepRecord/verify',
    auth: 'none',
    summary: '按文件的 SHA-256 查存证：找到时附 RFC 9162 包含证明',
    body: verifyBody,
    response: verifyResult,
    handler: async ({ body }) => success(await verifyDeposit(app.db, body.sha256)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/keepRecord/consistency',
    auth: 'none',
    summary: '两个树大小之间的 RFC 9162 一致性证明：证明日志只增不改',
    body: consistencyBody,
    response: consistencyProof,
    handler: async ({ body }) => {
      if (body.to > (await logSize(app.db))) {
        throw new EnvelopeError('400', MESSAGES.treeSizeInvalid)
      }
      return success({ proof: await proveConsistency(app.db, body.from, body.to) })
    },
  })
}
