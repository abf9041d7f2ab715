/** Copyright owners and administrative copyright registration (cultureCreation/*, payment/*). */
import type { ApiClient } from '../client'
import type { PageBody } from '../contract'
import type {
  AddCopyrightOwnerBody,
  AddRegisterCopyrightBody,
  CopyrightOwnerPage,
  CopyrightPaymentStatus,
  FileLink,
  GuaranteeTitle,
  OwnerCreated,
  RegisterWebBody,
  RegistrationPage,
  RegistrationPayment,
  RegistrationPrice,
  RegistrationReviewBody,
  RegistrationSaved,
  UpdateCopyrightOwnerBody,
  UpdateRegisterCopyrightBody,
} from '../registration'

function culture<Data>(api: ApiClient, path: string, body?: unknown): Promise<Data> {
  return api.request<Data>({
    service: 'music-server',
    path: `cultureCreation/${path}`,
    ...(body === undefined ? {} : { body }),
  })
}

export const addCopyrightOwner = (api: ApiClient, body: AddCopyrightOwnerBody) =>
  culture<OwnerCreated>(api, 'addCopyrightOwner', body)
export const updateCopyrightOwner = (api: ApiClient, body: UpdateCopyrightOwnerBody) =>
  culture<OwnerCreated>(api, 'updateCopyrightOwner', body)
export const removeCopyrightOwner = (api: ApiClient, ownerId: string) =>
  culture<null>(api, 'removeCopyrightOwner', { ownerId })
export const listCopyrightOwners = (api: ApiClient, page: PageBody) =>
  culture<CopyrightOwnerPage>(api, 'listCopyrightOwner', page)

export const registrationPrice = (api: ApiClient) => culture<RegistrationPrice>(api, 'price')
export const guaranteeTitle = (api: ApiClient) => culture<GuaranteeTitle>(api, 'guaranteeTitle')
export const addRegistration = (api: ApiClient, body: AddRegisterCopyrightBody) =>
  culture<RegistrationSaved>(api, 'addRegisterCopyright', body)
export const updateRegistration = (api: ApiClient, body: UpdateRegisterCopyrightBody) =>
  culture<RegistrationSaved>(api, 'updateRegisterCopyright', body)
export const submitRegistration = (api: ApiClient, registrationId: string) =>
  culture<RegistrationSaved>(api, 'registerCopyright', { registrationId })
export const listRegistrations = (api: ApiClient, page: PageBody) =>
  culture<RegistrationPage>(api, 'listRegisterCopyright', page)
export const registrationApplicationPdf = (api: ApiClient, registrationId: string) =>
  culture<FileLink>(api, 'applicationPdf', { registrationId })
export const registrationReviewList = (api: ApiClient, page: PageBody) =>
  culture<RegistrationPage>(api, 'reviewList', page)
export const reviewRegistration = (api: ApiClient, body: RegistrationReviewBody) =>
  culture<RegistrationSaved>(api, 'review', body)

export const payRegistration = (api: ApiClient, body: RegisterWebBody) =>
  api.request<RegistrationPayment>({ service: 'music-server', path: 'payment/registerWeb', body })
export const registrationPaymentStatus = (api: ApiClient, registrationId: string) =>
  api.request<CopyrightPaymentStatus>({
    service: 'cicc-server',
    path: 'payment/copyrightStatus',
    body: { registrationId },
  })
