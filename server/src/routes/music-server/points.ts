/** music-server ai/music/*: the points balance, the exchange rate and the ledger. */
import type { PointsBalance, PointsLogPage, PointsRate } from '@gy/api/contract'
import { pointsLogBody } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { balanceOf, listLedger, pointsRate } from '../../domain/points'
import { success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

export async function musicServerPointsRoutes(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/integral',
    auth: 'required',
    handler: async ({ user }) =>
      success<PointsBalance>({ points: await balanceOf(app.db, user.id) }),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/inquireIntegralProportion',
    auth: 'required',
    handler: async () => success<PointsRate>(pointsRate()),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/integralLog',
    auth: 'required',
    body: pointsLogBody,
    handler: async ({ body, user }) => {
      const { records, total } = await listLedger(app.db, user.id, body)
      return success<PointsLogPage>({
        records: records.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          title: entry.title,
          time: entry.createdAt.toISOString(),
          amount: entry.amount,
          balanceAfter: entry.balanceAfter,
        })),
        total,
        page: body.page,
        pageSize: body.pageSize,
      })
    },
  })
}
