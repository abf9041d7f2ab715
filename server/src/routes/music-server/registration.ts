/**
 * music-server cultureCreation/* and payment/registerWeb, and cicc-server payment/copyrightStatus:
 * copyright owners, registrations, their fee and their review. Reviewers are the certification
 * reviewers (granted by `npm run admin`).
 */
import { pageBody } from '@gy/api/contract'
import {
  GUARANTEE_TITLE,
  OWNER_ID_TYPE_LABELS,
  REGISTRATION_STATUS_LABELS,
  WORK_TYPE_LABELS,
  addCopyrightOwnerBody,
  addRegisterCopyrightBody,
  copyrightOwnerPage,
  copyrightPaymentStatus,
  fileLink,
  guaranteeTitle,
  ownerCreated,
  ownerIdBody,
  registerWebBody,
  registrationIdBody,
  registrationPage,
  registrationPayment,
  registrationPrice as registrationPriceSchema,
  registrationReviewBody,
  registrationSaved,
  updateCopyrightOwnerBody,
  updateRegisterCopyrightBody,
  type CopyrightOwnerFields,
} from '@gy/api/registration'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import {
  renderRegistrationApplicationPdf,
  renderRegistrationCertificatePdf,
} from '../../certificates/registrationPdf'
import type { CopyrightRegistrationRow, Database } from '../../db/types'
import { requireReviewer } from '../../domain/certification'
import {
  addCopyrightOwner,
  listCopyrightOwners,
  removeCopyrightOwner,
  updateCopyrightOwner,
} from '../../domain/copyrightOwners'
import {
  latestRegistrationOrder,
  payWithPoints,
  registrationAwaitingPayment,
} from '../../domain/registrationPayments'
import {
  addRegistration,
  listRegistrations,
  lockOwnRegistration,
  registrationDetails,
  registrationPrice,
  reviewRegistration,
  submitRegistration,
  updateRegistration,
  type RegistrationDetails,
} from '../../domain/registrations'
import { success } from '../../http/envelopeError'
import { publicLink } from '../../http/publicLink'
import { apiRoute } from '../../http/route'
import { startChargeOrder } from '../cicc-server/charge'
import { refreshOrder } from '../payments/checkout'

const FEE_SUBJECT = 'GY音乐版权登记服务费'

function ownerFields(body: z.output<typeof updateCopyrightOwnerBody>): CopyrightOwnerFields {
  if (body.type === 'person') {
    const { ownerId: _ownerId, ...fields } = body
    return fields
  }
  const { ownerId: _ownerId, ...fields } = body
  return fields
}

function identityLine(owner: RegistrationDetails['owners'][number]): string {
  if (owner.type === 'organization') return `统一社会信用代码 ${owner.creditCode ?? ''}`
  const label =
    owner.idType === null
      ? ''
      : OWNER_ID_TYPE_LABELS[owner.idType as keyof typeof OWNER_ID_TYPE_LABELS]
  return `${label} ${owner.idNumber ?? ''}`
}

async function certificateFor(
  transaction: Kysely<Database>,
  row: CopyrightRegistrationRow,
  registrationNo: string,
  registeredAt: Date,
): Promise<Uint8Array> {
  const [details] = await registrationDetails(transaction, [row])
  return renderRegistrationCertificatePdf({
    registrationNo,
    title: row.title,
    workTypeLabel: WORK_TYPE_LABELS[row.work_type],
    authorName: row.author_name,
    owners: details?.owners ?? [],
    createdOn: row.created_on,
    publishedOn: row.published_on,
    registeredAt: registeredAt.toISOString(),
    depositCertificateNo: details?.depositCertificateNo ?? '',
  })
}

export async function musicServerRegistrationRoutes(app: FastifyInstance): Promise<void> {
  // ---- Owners

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/addCopyrightOwner',
    auth: 'required',
    summary:
      '添加著作权人：自然人（身份证号按 GB 11643 校验）或法人/组织（统一社会信用代码按 GB 32100 校验）',
    body: addCopyrightOwnerBody,
    response: ownerCreated,
    errors: ['409'],
    handler: async ({ body, user }) =>
      success(
        { ownerId: await addCopyrightOwner(app.db, user.id, body, app.clock()) },
        MESSAGES.ok,
      ),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/updateCopyrightOwner',
    auth: 'required',
    summary: '修改著作权人；已用于已提交申请的著作权人不能修改',
    body: updateCopyrightOwnerBody,
    response: ownerCreated,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await updateCopyrightOwner(app.db, user.id, body.ownerId, ownerFields(body), app.clock())
      return success({ ownerId: body.ownerId }, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/removeCopyrightOwner',
    auth: 'required',
    summary: '删除著作权人；已用于登记申请的著作权人不能删除（409）',
    body: ownerIdBody,
    response: z.null(),
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await removeCopyrightOwner(app.db, user.id, body.ownerId)
      return success(null, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/listCopyrightOwner',
    auth: 'required',
    summary: '我的著作权人列表，新添加的在前',
    body: pageBody,
    response: copyrightOwnerPage,
    handler: async ({ body, user }) => success(await listCopyrightOwners(app.db, user.id, body)),
  })

  // ---- Registrations

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/price',
    auth: 'required',
    summary: '版权登记服务费（分）及等值积分',
    response: registrationPriceSchema,
    handler: async () => success(registrationPrice()),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/guaranteeTitle',
    auth: 'required',
    summary: '提交登记前需同意的权利保证声明',
    response: guaranteeTitle,
    handler: async () => success(GUARANTEE_TITLE),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/addRegisterCopyright',
    auth: 'required',
    summary: '保存版权登记草稿：存证作品、作品类型与名称、创作与发表、著作权人及份额（合计100%）',
    body: addRegisterCopyrightBody,
    response: registrationSaved,
    errors: ['403', '404'],
    handler: async ({ body, user }) => success(await addRegistration(app, user, body), MESSAGES.ok),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/updateRegisterCopyright',
    auth: 'required',
    summary: '修改草稿或需补正的登记申请；提交后不能修改（409）',
    body: updateRegisterCopyrightBody,
    response: registrationSaved,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      const { registrationId, ...fields } = body
      return success(await updateRegistration(app, user, registrationId, fields), MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/registerCopyright',
    auth: 'required',
    summary: '提交登记申请：草稿转为待支付；补正后的申请直接回到已提交',
    body: registrationIdBody,
    response: registrationSaved,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) =>
      success(await submitRegistration(app, user, body.registrationId), MESSAGES.ok),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/listRegisterCopyright',
    auth: 'required',
    summary: '我的版权登记申请及状态、审核说明、登记号与证书',
    body: pageBody,
    response: registrationPage,
    handler: async ({ body, user }) =>
      success(await listRegistrations(app, { userId: user.id }, body)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/applicationPdf',
    auth: 'required',
    summary: '按作品登记申请表的格式生成申请 PDF，返回签名下载地址',
    body: registrationIdBody,
    response: fileLink,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const row = await app.db
        .transaction()
        .execute((transaction) => lockOwnRegistration(transaction, user.id, body.registrationId))
      const [details] = await registrationDetails(app.db, [row])
      const pdf = await renderRegistrationApplicationPdf({
        registrationId: row.id,
        title: row.title,
        workTypeLabel: WORK_TYPE_LABELS[row.work_type],
        authorName: row.author_name,
        depositCertificateNo: details?.depositCertificateNo ?? '',
        createdOn: row.created_on,
        createdPlace: row.created_place,
        publishedOn: row.published_on,
        publishedPlace: row.published_place,
        owners: (details?.owners ?? []).map((owner) => ({
          name: owner.name,
          type: owner.type,
          share: owner.share,
          identity: identityLine(owner),
          contact: [owner.phone, owner.address, owner.contact]
            .filter((part) => part !== '')
            .join(' '),
        })),
        guaranteeStatements: GUARANTEE_TITLE.statements,
        guaranteeAccepted: row.guarantee_accepted,
        applicantName: user.nick_name,
        statusLabel: REGISTRATION_STATUS_LABELS[row.status],
        // The registration's own last change, so the same application gives the same bytes.
        madeAt: row.updated_at.toISOString(),
      })
      const stored = await app.storage.put(pdf, 'application/pdf')
      const url = publicLink(
        app.config.publicBaseUrl,
        app.fileUrls.urlFor(stored.key, `application-${row.id}.pdf`, app.clock()),
      )
      return success({ url })
    },
  })

  // ---- Paying the fee

  apiRoute(app, {
    method: 'POST',
    url: '/payment/registerWeb',
    auth: 'required',
    summary: '支付版权登记服务费：积分直接扣除，或创建在线支付订单；同一申请只收一次费用',
    body: registerWebBody,
    response: registrationPayment,
    errors: ['403', '404', '409', '429'],
    handler: async ({ body, user }) => {
      if (body.method === 'points') {
        const paid = await payWithPoints(app.db, user.id, body.registrationId, app.clock())
        return success(
          {
            registrationId: body.registrationId,
            status: paid.status,
            orderId: null,
            checkoutUrl: null,
            amountFen: paid.amountFen,
            balance: paid.balance,
          },
          MESSAGES.ok,
        )
      }
      const row = await registrationAwaitingPayment(app.db, user.id, body.registrationId)
      const { points } = registrationPrice()
      const { order, checkoutUrl } = await startChargeOrder(app, {
        userId: user.id,
        terms: { amountFen: row.price_fen, points, packageId: null },
        subject: FEE_SUBJECT,
        registrationId: row.id,
      })
      return success({
        registrationId: row.id,
        status: row.status,
        orderId: order.order_id,
        checkoutUrl,
        amountFen: order.amount_fen,
        balance: null,
      })
    },
  })

  // ---- Review

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/reviewList',
    auth: 'required',
    summary: '待审核的版权登记申请（仅审核员）：已提交与审核中，先到先审',
    body: pageBody,
    response: registrationPage,
    errors: ['403'],
    handler: async ({ body, user }) => {
      await requireReviewer(app.db, user)
      return success(await listRegistrations(app, { reviewQueue: true }, body))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/cultureCreation/review',
    auth: 'required',
    summary:
      '审核版权登记申请（仅审核员）：开始审核、要求补正（附说明）、登记（发登记号与证书）或不予登记',
    body: registrationReviewBody,
    response: registrationSaved,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      const status = await reviewRegistration(app, user, body, certificateFor)
      return success({ registrationId: body.registrationId, status }, MESSAGES.ok)
    },
  })
}

export async function ciccServerRegistrationRoutes(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'registration-payment' })
  apiRoute(app, {
    method: 'POST',
    url: '/payment/copyrightStatus',
    auth: 'required',
    summary: '查询版权登记申请的支付状态；在线支付未到账时向支付方核实',
    body: registrationIdBody,
    response: copyrightPaymentStatus,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const read = () =>
        app.db
          .transaction()
          .execute((transaction) => lockOwnRegistration(transaction, user.id, body.registrationId))
      let row = await read()
      let order = await latestRegistrationOrder(app.db, row.id)
      if (order !== undefined && row.paid_at === null) {
        // Its notification may be lost: the provider is asked, which settles the fee if it was
        // paid, and an order past its expiry is closed.
        order = await refreshOrder(app, order, log)
        row = await read()
      }
      return success({
        registrationId: row.id,
        status: row.status,
        paid: row.paid_at !== null,
        orderId: order?.order_id ?? null,
        orderState: order?.state ?? null,
      })
    },
  })
}
