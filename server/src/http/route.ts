/**
 * Declaring an API route: its schemas, whether it is signed and whether it needs login. The
 * request guard reads `signed` and `auth` from the route config; the handler receives input that
 * has already passed its schemas, and the user when there is one.
 */
import type { Envelope } from '@gy/api/envelope'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { UserRow } from '../db/types'
import { EnvelopeError } from './envelopeError'

/** `required`: refuse without a live session (the default, like the spec's client). */
export type AuthMode = 'required' | 'optional' | 'none'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Verify nonce, timestamp and signature (default true for routes under /api). */
    signed?: boolean
    auth?: AuthMode
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

export interface ApiRouteDefinition<Body, Query, Auth extends AuthMode> {
  method: 'GET' | 'POST'
  /** Relative to the service plugin's prefix, e.g. `/musicOauth/login`. */
  url: string
  auth: Auth
  signed?: boolean
  body?: z.ZodType<Body>
  query?: z.ZodType<Query>
  handler: (context: RouteContext<Body, Query, Auth>) => Promise<Envelope>
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

export function apiRoute<Body = undefined, Query = undefined, Auth extends AuthMode = 'required'>(
  app: FastifyInstance,
  definition: ApiRouteDefinition<Body, Query, Auth>,
): void {
  app.route({
    method: definition.method,
    url: definition.url,
    config: { auth: definition.auth, signed: definition.signed ?? true },
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
      return reply.send(envelope)
    },
  })
}
