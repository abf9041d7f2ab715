/**
 * Licences through the points checkout: the calls that create and follow a licence order, in the
 * shapes the checkout machine reads. A licence buys no points, so those fields are 0.
 */
import { buyLicence, licenceOrder } from '@gy/api'
import type { CheckoutOrders } from '../../../providers/useCheckout'

export const LICENCE_ORDERS: CheckoutOrders = {
  async create(api, request) {
    if (!('goodsId' in request)) throw new Error('a top-up is bought with POINTS_ORDERS')
    const created = await buyLicence(api, {
      goodsId: request.goodsId,
      licenceType: request.licenceType,
      ...(request.checkoutKind === undefined ? {} : { payMethod: request.checkoutKind }),
    })
    return {
      orderId: created.orderId,
      checkoutKind: created.checkoutKind,
      checkoutUrl: created.checkoutUrl,
      expiresAt: created.expiresAt,
      amountFen: created.amountFen,
      points: 0,
    }
  },
  async query(api, orderId) {
    const status = await licenceOrder(api, orderId)
    return {
      orderId: status.orderId,
      state: status.state,
      amountFen: status.amountFen,
      points: 0,
      balance: 0,
      expiresAt: status.expiresAt,
    }
  },
}
