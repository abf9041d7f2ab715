/**
 * The musicians' zone: deposits (存证) and their public log, listings (挂牌), the shelf, and
 * musician certification with its review.
 */
import type { ApiClient } from '../client'
import type {
  CertificationApplicationPage,
  CertificationBody,
  CertificationReviewBody,
  CertificationState,
  Checkpoint,
  ConsistencyProof,
  Deposit,
  DepositBody,
  DepositPage,
  DepositRecord,
  MusicListingResult,
  PageBody,
  ShelfPage,
  VerifyResult,
} from '../contract'

function musicServer<Data>(api: ApiClient, path: string, body?: unknown): Promise<Data> {
  return api.request<Data>({
    service: 'music-server',
    path,
    ...(body === undefined ? {} : { body }),
  })
}

export const depositWork = (api: ApiClient, body: DepositBody) =>
  musicServer<Deposit>(api, 'keepRecord/uploadListing', body)

export const myDeposits = (api: ApiClient, page: PageBody) =>
  musicServer<DepositPage>(api, 'keepRecord/musicListWeb', page)

export const depositDetails = (api: ApiClient, depositId: string) =>
  musicServer<DepositRecord>(api, 'keepRecord/depositDetails', { depositId })

/** Open calls: a visitor's browser may make them without a token. */
export const depositCheckpoint = (api: ApiClient, treeSize?: number) =>
  api.request<Checkpoint>({
    service: 'music-server',
    path: 'keepRecord/checkpoint',
    body: treeSize === undefined ? {} : { treeSize },
    auth: false,
  })

export const verifyDeposit = (api: ApiClient, sha256: string) =>
  api.request<VerifyResult>({
    service: 'music-server',
    path: 'keepRecord/verify',
    body: { sha256 },
    auth: false,
  })

export const depositConsistency = (api: ApiClient, from: number, to: number) =>
  api.request<ConsistencyProof>({
    service: 'music-server',
    path: 'keepRecord/consistency',
    body: { from, to },
    auth: false,
  })

export const listWork = (api: ApiClient, depositId: string, priceFen: number) =>
  musicServer<MusicListingResult>(api, 'musicGoods/musicListing', { depositId, priceFen })

export const modifyPrice = (api: ApiClient, goodsId: string, priceFen: number) =>
  musicServer<null>(api, 'musicGoods/modifyPrice', { goodsId, priceFen })

export const delistWork = (api: ApiClient, goodsId: string) =>
  musicServer<null>(api, 'musicGoods/delist', { goodsId })

export const myShelf = (api: ApiClient, page: PageBody) =>
  musicServer<ShelfPage>(api, 'musicGoods/shelf', page)

export const certificationStatus = (api: ApiClient) =>
  musicServer<CertificationState>(api, 'authentication/getStatus')

export const applyForCertification = (api: ApiClient, body: CertificationBody) =>
  musicServer<CertificationState>(api, 'authentication/add', body)

export const pendingCertifications = (api: ApiClient, page: PageBody) =>
  musicServer<CertificationApplicationPage>(api, 'authentication/reviewList', page)

export const reviewCertification = (api: ApiClient, body: CertificationReviewBody) =>
  musicServer<null>(api, 'authentication/review', body)
