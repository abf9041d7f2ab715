/**
 * The server's Content-Security-Policy admits <style> elements only with the nonce it put in
 * index.html (meta csp-nonce). Radix's scroll lock (react-remove-scroll, through get-nonce) reads
 * the nonce from the `__webpack_nonce__` global, whatever the bundler: hand it over before any
 * dialog opens.
 */
export function adoptCspNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
  if (nonce === undefined || nonce === '') return
  Object.assign(globalThis, { __webpack_nonce__: nonce })
}
