/** music-server user/*: the logged-in user's own details. */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { findOwnedFile } from '../../domain/files.repository'
import { setAvatarImage, toUserInfo, updateUserDetails } from '../../domain/users.repository'
import { updateUserDetailsBody, userInfo } from '@gy/api/contract'
import { success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'
import { avatarKeyOf } from '../../media/images'

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
    summary:
      '修改昵称或头像，只改给出的字段；headerFileId 为自己上传的图片（obs/uploadFile，purpose image），优先于 headerUrl',
    body: updateUserDetailsBody,
    response: userInfo,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const { headerFileId, ...change } = body
      if (headerFileId === undefined) {
        const updated = await updateUserDetails(app.db, user.id, change, app.clock())
        return success(toUserInfo(updated), MESSAGES.ok)
      }
      // The caller's own image: another user's file is 403, an audio file 400.
      const image = await findOwnedFile(app.db, user.id, headerFileId, 'image')
      // Served publicly and often: at most AVATAR_MAX_SIDE, not the upload's own size.
      const avatarKey = await avatarKeyOf(app.storage, image.storage_key)
      const updated = await setAvatarImage(
        app.db,
        user.id,
        avatarKey,
        { nickName: change.nickName },
        app.clock(),
      )
      return success(toUserInfo(updated), MESSAGES.ok)
    },
  })
}
