/** Licences of listed works and the musician's earnings (music-server `musicGoods/*`). */
import type { ApiClient } from '../client'
import type {
  BuyLicenceBody,
  EarningsPage,
  LicenceDownload,
  LicenceOptions,
  LicenceOrderCreated,
  LicenceOrderStatus,
  LicencePage,
} from '../licences'

export function licenceOptions(api: ApiClient, goodsId: string): Promise<LicenceOptions> {
  return api.request<LicenceOptions>({
    service: 'music-server',
    path: 'musicGoods/licenceOptions',
    body: { goodsId },
  })
}

/** Creates a licence order; the server prices it, the client only chooses. */
export function buyLicence(api: ApiClient, request: BuyLicenceBody): Promise<LicenceOrderCreated> {
  return api.request<LicenceOrderCreated>({
    service: 'music-server',
    path: 'musicGoods/buyLicence',
    body: request,
  })
}

export function licenceOrder(api: ApiClient, orderId: string): Promise<LicenceOrderStatus> {
  return api.request<LicenceOrderStatus>({
    service: 'music-server',
    path: 'musicGoods/licenceOrder',
    body: { orderId },
  })
}

export function myLicences(
  api: ApiClient,
  query: { page: number; pageSize: number },
): Promise<LicencePage> {
  return api.request<LicencePage>({
    service: 'music-server',
    path: 'musicGoods/myLicences',
    body: query,
  })
}

export function licenceCertificate(api: ApiClient, licenceId: string): Promise<LicenceDownload> {
  return api.request<LicenceDownload>({
    service: 'music-server',
    path: 'musicGoods/licenceCertificate',
    body: { licenceId },
  })
}

export function licenceFile(api: ApiClient, licenceId: string): Promise<LicenceDownload> {
  return api.request<LicenceDownload>({
    service: 'music-server',
    path: 'musicGoods/licenceFile',
    body: { licenceId },
  })
}

export function musicianEarnings(
  api: ApiClient,
  query: { page: number; pageSize: number },
): Promise<EarningsPage> {
  return api.request<EarningsPage>({
    service: 'music-server',
    path: 'musicGoods/earnings',
    body: query,
  })
}
