/**
 * The one hook every API route passes through before its input is validated: signature,
 * replay refusal and login, as the route's config asks (`signed` default true, `auth` default
 * 'required'). Nonce and session cost one database statement together, shared by the requests
 * that arrive together (admissionBatcher).
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { createAdmissionBatcher } from '../domain/admissionBatcher'
import type { SessionState } from '../domain/sessions.repository'
import { bearerToken, sha256Hex } from '../domain/tokens'
import { EnvelopeError } from '../http/envelopeError'
import { verifySignature } from './signature'

function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false
}

function bodyTextOf(request: FastifyRequest): string {
  // Multipart uploads are signed over '' (CONTRACT.md); rawBody stays '' for them anyway.
  return request.rawBody
}

/** The refusal for a token that does not lead to a live session. */
function sessionRefusal(session: Exclude<SessionState, { kind: 'live' }>): EnvelopeError {
  // A superseded token has its own code: the client tells the user they logged in elsewhere.
  if (session.kind === 'superseded') return new EnvelopeError('402', MESSAGES.loggedInElsewhere)
  return new EnvelopeError('401', MESSAGES.sessionExpired)
}

export const requestGuardPlugin = fastifyPlugin(
  async (app) => {
    app.decorateRequest('user', null)
    const admissions = createAdmissionBatcher(app.db)

    app.addHook('preValidation', async (request) => {
      if (!isApiRoute(request)) return
      const signed = request.routeOptions.config.signed ?? true
      const auth = request.routeOptions.config.auth ?? 'required'
      const now = app.clock()

      const signature = signed
        ? verifySignature(request.headers, bodyTextOf(request), app.config.signSecret, now)
        : null
      const token = auth === 'none' ? null : bearerToken(request.headers.authorization)
      if (auth === 'required' && token === null) {
        throw new EnvelopeError('401', MESSAGES.missingLogin)
      }
      if (signature === null && token === null) return

      const admission = await admissions.admit({
        nonce: signature?.nonce ?? null,
        nonceExpiresAt: signature?.replayableUntil ?? now,
        tokenHash: token === null ? null : sha256Hex(token),
        now,
      })
      if (!admission.nonceAccepted) throw new EnvelopeError('400', MESSAGES.nonceReplayed)
      if (token === null) return
      if (admission.session.kind === 'live') request.user = admission.session.user
      else if (auth === 'required') throw sessionRefusal(admission.session)
    })
  },
  { name: 'gy-request-guard', dependencies: ['gy-envelope'] },
)
