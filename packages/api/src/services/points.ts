/** Points (积分): the balance, the exchange rate, the ledger, and top-up orders. */
import type { ApiClient } from '../client'
import type {
  ChargeOrderCreated,
  ChargeOrderStatus,
  ChargeRequest,
  PointsBalance,
  PointsLogBody,
  PointsLogPage,
  PointsRate,
} from '../contract'

export function pointsBalance(api: ApiClient): Promise<PointsBalance> {
  return api.request<PointsBalance>({ service: 'music-server', path: 'ai/music/integral' })
}

export function pointsRate(api: ApiClient): Promise<PointsRate> {
  return api.request<PointsRate>({
    service: 'music-server',
    path: 'ai/music/inquireIntegralProportion',
  })
}

export function pointsLog(api: ApiClient, query: PointsLogBody): Promise<PointsLogPage> {
  return api.request<PointsLogPage>({
    service: 'music-server',
    path: 'ai/music/integralLog',
    body: query,
  })
}

/** Creates a top-up order; the server computes the points, the client only chooses. */
export function createChargeOrder(
  api: ApiClient,
  request: ChargeRequest,
): Promise<ChargeOrderCreated> {
  return api.request<ChargeOrderCreated>({
    service: 'cicc-server',
    path: 'charge/charge',
    body: request,
  })
}

export function queryChargeOrder(api: ApiClient, orderId: string): Promise<ChargeOrderStatus> {
  return api.request<ChargeOrderStatus>({
    service: 'cicc-server',
    path: 'charge/queryChargeOrder',
    body: { orderId },
  })
}
