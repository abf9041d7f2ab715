/**
 * The deposit certificate (存证证书) as a PDF. PLACEHOLDER until the certificate work lands:
 * the signature is fixed (the deposit route calls it), the body is replaced.
 */

/** Everything a certificate shows and proves. */
export interface CertificateInput {
  certificateNo: string
  title: string
  /** The depositor's nickname as it was at deposit time. */
  ownerName: string
  /** ISO 8601, the deposit's time (the leaf's text carries the same string). */
  depositedAt: string
  sha256: string
  logIndex: number
  genre: string
  /** The signed checkpoint the inclusion proof is against. */
  checkpoint: { treeSize: number; rootHash: string; signature: string; publicKey: string }
  /** RFC 9162 inclusion proof of the leaf in the tree of `checkpoint.treeSize`, lowercase hex. */
  inclusionPath: string[]
  /** Absolute or site-relative address of the public verification page for this certificate. */
  verifyUrl: string
}

export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const text = `%PDF-1.4\n% ${input.certificateNo}\n%%EOF\n`
  return new TextEncoder().encode(text)
}
