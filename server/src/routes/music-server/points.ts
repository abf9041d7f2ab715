/** music-server ai/music/*: the points balance, the exchange rate and the ledger. */
import type { PointsBalance, PointsLogPage, PointsRate } from '@gy/api/contract'
import {
  pointsBalance,
  pointsLogBody,
  pointsLogPage,
  pointsRate as pointsRateData,
} from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { balanceOf, listLedger, pointsRate } from '../../domain/points'
import { success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

export async function musicServerPointsRoutes(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/integral',
    auth: 'required',
    summary: '积分余额',
    response: pointsBalance,
    handler: async ({ user }) =>
      success<PointsBalance>({ points: await balanceOf(app.db, user.id) }),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/inquireIntegralProportion',
    auth: 'required',
    summary: '充值比例、自定义金额的上下限和积分套餐',
    response: pointsRateData,
    handler: async () => success<PointsRate>(pointsRate()),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/integralLog',
    auth: 'required',
    summary: '积分明细，最新的在前，可按类型筛选',
    body: pointsLogBody,
    response: pointsLogPage,
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
