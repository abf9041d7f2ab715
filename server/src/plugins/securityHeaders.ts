/**
 * Security headers and the general request limit, from kept libraries: @fastify/helmet sets a
 * strict Content-Security-Policy (no inline script anywhere; the app's one kind of inline style,
 * the <style> element Radix's scroll lock injects, carries the page's nonce), frame-ancestors
 * 'none', nosniff and a Referrer-Policy on every answer; @fastify/rate-limit refuses an address
 * that sends more than RATE_LIMIT_PER_MINUTE requests, before any signature or database work and
 * in front of the SMS caps. Routes with stricter needs (stored files, the sandbox checkout) set
 * their own policy on top.
 */
import { randomBytes } from 'node:crypto'
import fastifyHelmet from '@fastify/helmet'
import fastifyRateLimit from '@fastify/rate-limit'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { EnvelopeError } from '../http/envelopeError'

type Directives = Record<string, string[]>

/** The web app's policy; `styleNonce` admits the <style> elements of that one page. */
export function appContentSecurityPolicy(styleNonce: string | null): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React's style props go through the CSSOM, which style-src does not govern.
    'style-src': styleNonce === null ? ["'self'"] : ["'self'", `'nonce-${styleNonce}'`],
    'img-src': ["'self'", 'data:', 'blob:'],
    // hls.js plays through MediaSource, whose object URLs are blob:.
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
}

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(null) },
  // Signed file URLs carry their signature in the query: other sites get the origin only.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  // The same as frame-ancestors 'none', for browsers that predate it.
  xFrameOptions: { action: 'deny' as const },
  // Covers and audio are served from this origin; the other origin policies stay as helmet sets them.
  crossOriginEmbedderPolicy: false,
}

/** A fresh nonce for one HTML answer, and that answer's policy rewritten to admit it. */
export function admitStyleNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64')
  void reply.helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(nonce) },
  })
  return nonce
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

export interface SecurityHeadersOptions {
  /** Requests one address may make per minute; 0 turns the limit off. */
  requestsPerMinute: number
}

export const securityHeadersPlugin = fastifyPlugin<SecurityHeadersOptions>(
  async (app, options) => {
    await app.register(fastifyHelmet, HELMET_OPTIONS)
    if (options.requestsPerMinute === 0) return
    await app.register(fastifyRateLimit, {
      max: options.requestsPerMinute,
      timeWindow: 60_000,
      // Processes on this machine (a benchmark, a health probe, a proxy without TRUST_PROXY, in
      // which case every client would share one address) are not limited.
      allowList: (request: FastifyRequest) => LOOPBACK.test(request.ip),
      errorResponseBuilder: () => new EnvelopeError('429', MESSAGES.requestsTooFrequent),
    })
  },
  { name: 'gy-security-headers', dependencies: ['gy-envelope'] },
)
