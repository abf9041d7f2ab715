/**
 * What the API document says of one route. apiRoute writes it into the route's config from the
 * declaration itself; the few routes under /api that are not apiRoutes write their own.
 */
import type { z } from 'zod'
import type { ErrorCode } from '../http/envelopeError'
import type { AuthMode } from '../http/route'

/** A route answered with the envelope `{ code, msg, data }`: every apiRoute. */
export interface EnvelopeRouteDocument {
  kind: 'envelope'
  auth: AuthMode
  signed: boolean
  summary: string | undefined
  query: z.ZodType | undefined
  body: z.ZodType | undefined
  /** A multipart/form-data body instead of JSON (uploads); the handler reads it itself. */
  form?: z.ZodType | undefined
  /** The `data` of a successful envelope; undefined only for a route nobody has described yet. */
  response: z.ZodType | undefined
  /** Refusals of its own, on top of those every route of its kind can give. */
  errors: readonly ErrorCode[]
}

/**
 * A route under /api that answers in a format of its own: a payment provider's acknowledgement,
 * this document itself.
 */
export interface PlainRouteDocument {
  kind: 'plain'
  summary: string
  description?: string
  /** Path parameters, for a URL with `:name` parts. */
  params?: z.ZodObject
  /** Request body by content type; none when the route takes no body. */
  requestContent?: Readonly<Record<string, z.ZodType>>
  /** The successful answer by content type. */
  responseContent: Readonly<Record<string, z.ZodType>>
  /** Envelope refusals it can give besides its own format (404 for a path it does not serve). */
  errors: readonly ErrorCode[]
}

export type RouteDocument = EnvelopeRouteDocument | PlainRouteDocument
