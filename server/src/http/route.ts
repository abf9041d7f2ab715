/**
 * Declaring an API route: its schemas, whether it is signed and whether it needs login. The
 * request guard reads `signed` and `auth` from the route config; the handler receives input that
 * has already passed its schemas, and the user when there is one. The same declaration, response
 * schema included, is what `GET /api/openapi.json` describes (openapi/openapiPlugin.ts), so the
 * document is made from the registrations and cannot miss a route.
 */
import type { Envelope } from '@gy/api/envelope'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { UserRow } from '../db/types'
import type { RouteDocument } from '../openapi/routeDocument'
import { EnvelopeError, type ErrorCode } from './envelopeError'

/** `required`: refuse without a live session (the default, like the spec's client). */
export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Verify nonce, timestamp and signature (default true for routes under /api). */
    signed?: boolean
    auth?: AuthMode
    /** What the API document says of this route (apiRoute fills it from the declaration). */
    document?: RouteDocument
  }
  interface FastifyRequest {
    /** The logged-in user, set by the request guard; null when the route has none. */
    user: UserRow | null
  }
}

type UserFor<Auth extends AuthMode> = Auth extends 'required' ? UserRow : UserRow | null

export interface RouteContext<Body, Query, Auth extends AuthMode> {
  body: Body
  query: Query
  user: UserFor<Auth>
  request: FastifyRequest
  reply: FastifyReply
}

export interface ApiRouteDefinition<Body, Query, Data, Auth extends AuthMode> {
  method: 'GET' | 'POST'
  /** Relative to the service plugin's prefix, e.g. `/musicOauth/login`. */
  url: string
  auth: Auth
  signed?: boolean
  /** One line for the API reference, in Chinese. */
  summary?: string
  body?: z.ZodType<Body>
  /**
   * For the document only: the fields of a multipart/form-data body, which the handler streams
   * itself (uploads); no JSON body is parsed for such a route.
   */
  form?: z.ZodType
  query?: z.ZodType<Query>
  /**
   * The `data` of a successful envelope. Every route declares one: the API document shows it,
   * and under test every successful answer is checked against it (openapi.test.ts fails for a
   * route without one).
   */
  response?: z.ZodType<Data>
  /**
   * Refusals of the handler and the domain code it calls. The document adds those every route
   * of its kind can give: 400 for input, signature and replay, 401/402 for login, 500.
   */
  errors?: readonly ErrorCode[]
  handler: (context: RouteContext<Body, Query, Auth>) => Promise<Envelope<Data>>
}

/**
 * Validates `value`; the first problem becomes a 400 envelope. Schemas carry their own Chinese
 * messages; anything they do not word (a body that is not an object, say) gets the generic one.
 */
export function parseInput<Output>(schema: z.ZodType<Output>, value: unknown): Output {
  const result = schema.safeParse(value, { error: () => MESSAGES.bodyInvalid })
  if (result.success) return result.data
  throw new EnvelopeError('400', result.error.issues[0]?.message ?? MESSAGES.bodyInvalid)
}

/**
 * Under test, a successful answer that does not match its declared schema is a fault (500 and a
 * log line naming the field), so the document cannot drift from what the handlers send. Outside
 * tests the check is skipped: its cost would land on every response.
 */
function checkResponse(
  app: FastifyInstance,
  url: string,
  schema: z.ZodType | undefined,
  envelope: Envelope,
): void {
  if (schema === undefined || app.config.nodeEnv !== 'test' || envelope.code !== '000') return
  const result = schema.safeParse(envelope.data)
  if (result.success) return
  const issue = result.error.issues[0]
  throw new Error(
    `The answer of ${url} does not match its response schema at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
  )
}

export function apiRoute<
  Body = undefined,
  Query = undefined,
  Data = unknown,
  Auth extends AuthMode = 'required',
>(app: FastifyInstance, definition: ApiRouteDefinition<Body, Query, Data, Auth>): void {
  const signed = definition.signed ?? true
  app.route({
    method: definition.method,
    url: definition.url,
    config: {
      auth: definition.auth,
      signed,
      document: {
        kind: 'envelope',
        auth: definition.auth,
        signed,
        summary: definition.summary,
        body: definition.body,
        form: definition.form,
        query: definition.query,
        response: definition.response,
        errors: definition.errors ?? [],
      },
    },
    handler: async (request, reply) => {
      const body = (definition.body ? parseInput(definition.body, request.body) : undefined) as Body
      const query = (
        definition.query ? parseInput(definition.query, request.query) : undefined
      ) as Query
      const user = request.user
      if (definition.auth === 'required' && user === null) {
        // The guard refuses first; this only catches a route registered outside it.
        throw new EnvelopeError('401', MESSAGES.missingLogin)
      }
      const envelope = await definition.handler({
        body,
        query,
        user: user as UserFor<Auth>,
        request,
        reply,
      })
      checkResponse(app, request.routeOptions.url ?? definition.url, definition.response, envelope)
      return reply.send(envelope)
    },
  })
}
