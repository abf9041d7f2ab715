/**
 * music-server authentication/*: musician certification. Users apply and read their status;
 * reviewers (granted by `npm run admin`, never through the API) list and decide applications.
 */
import {
  certificationApplicationPage,
  certificationBody,
  certificationReviewBody,
  certificationState,
  pageBody,
  type CertificationApplication,
} from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  applyForCertification,
  isReviewer,
  latestApplication,
  requireReviewer,
  reviewApplication,
  toCertificationState,
} from '../../domain/certification'
import { success } from '../../http/envelopeError'
import { publicLink } from '../../http/publicLink'
import { apiRoute } from '../../http/route'

export async function musicServerCertificationRoutes(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/authentication/add',
    auth: 'required',
    summary: '提交音乐人认证申请：真实姓名、身份证号（校验 GB 11643 校验码）、作品链接、本人照片',
    body: certificationBody,
    response: certificationState,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) =>
      success(await applyForCertification(app, user, body), MESSAGES.ok),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/authentication/getStatus',
    auth: 'required',
    summary: '我的音乐人认证状态：未认证、审核中、已认证或已驳回（附原因）',
    response: certificationState,
    handler: async ({ user }) => {
      const [application, reviewer] = await Promise.all([
        latestApplication(app.db, user.id),
        isReviewer(app.db, user.id),
      ])
      return success(toCertificationState(application, reviewer))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/authentication/reviewList',
    auth: 'required',
    summary: '待审核的认证申请（仅审核员），先提交的在前',
    body: pageBody,
    response: certificationApplicationPage,
    errors: ['403'],
    handler: async ({ body, user }) => {
      await requireReviewer(app.db, user)
      const pending = app.db
        .selectFrom('certification_applications')
        .where('certification_applications.status', '=', 'pending')
      const [rows, count] = await Promise.all([
        pending
          .innerJoin('users', 'users.id', 'certification_applications.user_id')
          .innerJoin(
            'uploaded_files',
            'uploaded_files.id',
            'certification_applications.photo_file_id',
          )
          .selectAll('certification_applications')
          .select(['users.nick_name', 'uploaded_files.storage_key as photo_key'])
          .orderBy('certification_applications.submitted_at')
          .offset((body.page - 1) * body.pageSize)
          .limit(body.pageSize)
          .execute(),
        pending.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ])
      const now = app.clock()
      const records = rows.map((row): CertificationApplication => ({
        applicationId: row.id,
        userId: row.user_id,
        nickName: row.nick_name,
        realName: row.real_name,
        idNumberMasked: row.id_number_masked,
        portfolioLinks: row.portfolio_links,
        photoUrl: publicLink(
          app.config.publicBaseUrl,
          app.fileUrls.urlFor(row.photo_key, 'photo', now),
        ),
        submittedAt: row.submitted_at.toISOString(),
      }))
      return success({ records, total: Number(count.total) })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/authentication/review',
    auth: 'required',
    summary: '审核一份认证申请（仅审核员）：通过，或填写原因后驳回',
    body: certificationReviewBody,
    response: z.null(),
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await reviewApplication(app, user, body)
      return success(null, MESSAGES.ok)
    },
  })
}
