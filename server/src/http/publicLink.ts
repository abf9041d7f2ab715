/**
 * Links the server hands out (the download page, signed file URLs). Absolute on PUBLIC_BASE_URL
 * when it is set; otherwise relative, which the browser resolves against the origin it used. Never
 * built from the Host header: a hostile Host would turn our answers into links to another site
 * (and poison any cache that stores them).
 */
export function publicLink(publicBaseUrl: string | null, pathname: string): string {
  if (publicBaseUrl === null) return pathname
  return publicBaseUrl.replace(/\/+$/, '') + pathname
}
