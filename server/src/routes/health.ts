/** GET /healthz: 200 once the database is migrated and answering. Not an envelope, not signed. */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.db)
      return reply.send({ status: 'ok' })
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
}
