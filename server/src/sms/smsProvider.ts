/** Sends login codes by SMS. Production providers are chosen by configuration. */
export interface SmsProvider {
  readonly name: string
  /** `phone` carries its country prefix, e.g. 86:13800138000. Rejects when the SMS was not sent. */
  send(phone: string, code: string): Promise<void>
}

export interface SmsLogger {
  info(details: object, message: string): void
}

/**
 * The development provider: writes each code to the log and remembers the last code per phone,
 * which the dev route hands to browser tests. Never used in production (config refuses it).
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console'
  readonly #latestCodes = new Map<string, string>()
  readonly #logger: SmsLogger

  constructor(logger: SmsLogger) {
    this.#logger = logger
  }

  send(phone: string, code: string): Promise<void> {
    this.#latestCodes.set(phone, code)
    this.#logger.info({ phone, smsCode: code }, 'SMS login code (console provider)')
    return Promise.resolve()
  }

  latestCodeFor(phone: string): string | undefined {
    return this.#latestCodes.get(phone)
  }
}

/**
 * Hands the code to an SMS gateway of the operator's choice: POST {phone, code, template} as
 * JSON to a URL, with an optional bearer token. Any non-2xx answer counts as not sent.
 */
export class WebhookSmsProvider implements SmsProvider {
  readonly name = 'webhook'
  readonly #url: string
  readonly #token: string | null

  constructor(url: string, token: string | null) {
    this.#url = url
    this.#token = token
  }

  async send(phone: string, code: string): Promise<void> {
    const response = await fetch(this.#url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.#token === null ? {} : { authorization: `Bearer ${this.#token}` }),
      },
      body: JSON.stringify({ phone, code, template: 'login' }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`)
  }
}
