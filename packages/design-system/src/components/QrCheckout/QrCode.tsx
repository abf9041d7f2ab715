import { clsx } from 'clsx'
import { useMemo, type ComponentPropsWithRef } from 'react'
import { encode } from 'uqr'
import * as styles from './QrCheckout.css'
import { qrCheckoutStrings as text } from '../../strings'

export interface QrCodeProps extends Omit<ComponentPropsWithRef<'svg'>, 'children'> {
  /** The text the code carries, e.g. WeChat Pay's `weixin://wxpay/bizpayurl?pr=...`. */
  value: string
  /** What a screen reader hears; 支付二维码 by default. */
  label?: string
}

/**
 * The path of every dark module, one unit square each, merged per row into runs so the path
 * stays short (a version 5 code has 37×37 modules).
 */
export function qrModulesPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = []
  modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (x < row.length && row[x]) x += 1
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`)
    }
  })
  return parts.join('')
}

/**
 * A QR code drawn as SVG elements (no canvas, no data: URL, so a strict CSP allows it), with a
 * quiet zone of two modules and medium error correction, which phone cameras read at a glance.
 */
export function QrCode({ value, label = text.codeLabel, className, ...props }: QrCodeProps) {
  const { size, path } = useMemo(() => {
    const code = encode(value, { ecc: 'M', border: 2 })
    return { size: code.size, path: qrModulesPath(code.data) }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={clsx(styles.code, className)}
      data-value={value}
      {...props}
    >
      <rect width={size} height={size} className={styles.codeBackground} />
      <path d={path} className={styles.codeModules} />
    </svg>
  )
}
QrCode.displayName = 'QrCode'
