/** music-server user/*: the logged-in user's own details. */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { toUserInfo, updateUserDetails } from '../../domain/users.repository'
import { updateUserDetailsBody, userInfo } from '@gy/api/contract'
import { success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

export async function musicServerUserRoutes(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/user/userDetails',
    auth: 'required',
    summary: '当前登录用户的资料',
    response: userInfo,
    // The user came with the session lookup of the request guard: no further query.
    handler: async ({ user }) => success(toUserInfo(user)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/user/updateUserDetails',
    auth: 'required',
    summary: '修改昵称或头像，只改给出的字段',
    body: updateUserDetailsBody,
    response: userInfo,
    handler: async ({ body, user }) => {
      const updated = await updateUserDetails(app.db, user.id, body, app.clock())
      return success(toUserInfo(updated), MESSAGES.ok)
    },
  })
}
