/** The object-storage base used when the session holds no storage config (SPEC.md section 5). */
export const DEFAULT_IMAGE_BASE = '/files/'

const FULL_URL = /^https?:\/\//i
/** Avatars users upload are served by the platform itself at this stable path (server files.ts). */
export const AVATAR_PATH_PREFIX = '/avatars/'

/** An image value is a full URL when it looks like one; otherwise a path under the image base. */
export function resolveImageUrl(value: string, imageBase: string = DEFAULT_IMAGE_BASE): string {
  if (value === '' || FULL_URL.test(value) || value.startsWith(AVATAR_PATH_PREFIX)) return value
  return imageBase.replace(/\/+$/, '') + '/' + value.replace(/^\/+/, '')
}

/** Reads the session's web storage config: base64-encoded JSON with an imageUrl field. */
export function imageBaseFromConfig(encoded: string | null | undefined): string | undefined {
  if (!encoded) return undefined
  try {
    const config = JSON.parse(atob(encoded)) as { imageUrl?: unknown }
    return typeof config.imageUrl === 'string' && config.imageUrl !== ''
      ? config.imageUrl
      : undefined
  } catch {
    return undefined
  }
}
