/** Business constants of the spec (section 9) shared by the browser and the server. */
export const PRODUCT_CODE = 'gy'
export const PRODUCT_NAME = 'GY音乐'
export const PLATFORM = 3
export const COUNTRY_PREFIX = '86:'
export const PHONE_MAX_LENGTH = 11
export const SMS_CODE_LENGTH = 6
export const SMS_RESEND_SECONDS = 60
export const STORAGE_TTL_MS = 86_400_000
export const SIGNED_URL_TTL_SECONDS = 3600
export const REQUEST_TIMEOUT_MS = 20_000
/** How far a request's timestamp may stray from the server clock before it is refused. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000
export const NONCE_LENGTH = 16
export const DEV_SIGN_SECRET = 'gy-music-dev-secret'
export const ACCESS_TOKEN_KEY = 'ACCESSTOKEN'
export const USER_INFO_KEY = 'USERINFO'
/** An upload of up to 100 MB may take minutes on a slow uplink; the 20 s default would cut it. */
export const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000

// The musicians' zone limits, shared by the browser's checks and the server's schemas.
/** Audio up to 100 MB (MP3, WAV, FLAC); images up to 5 MB (JPEG, PNG, WebP). */
export const UPLOAD_MAX_BYTES = { audio: 100 * 1024 * 1024, image: 5 * 1024 * 1024 } as const
export const DEPOSIT_TITLE_MAX = 50
export const DEPOSIT_LYRIC_MAX = 20_000
export const DEPOSIT_GENRE_MAX = 20
/** ¥0.01 to ¥100,000, in whole fen. */
export const LISTING_MIN_FEN = 1
export const LISTING_MAX_FEN = 10_000_000
export const CERTIFICATION_PORTFOLIO_MAX = 5

// The store (store branch).
/** How the store sorts: newest first, most played first, or by price. */
export const STORE_SORTS = ['newest', 'plays', 'priceAsc', 'priceDesc'] as const
export type StoreSort = (typeof STORE_SORTS)[number]
/** Keywords longer than this are refused (400), not cut: a cut keyword would find other works. */
export const STORE_KEYWORD_MAX = 50
// Store search speed (store branch).
/**
 * A keyword search answers at most this many works, best first in the order asked (as Spotify's
 * search stops at 1,000): counting every match of a common word would read most of the catalogue.
 */
export const STORE_SEARCH_MATCHES_MAX = 1000
// Account cancellation (mobile branch).
/** What the user types to confirm cancelling the account: a deliberate act, not a stray tap. */
export const CANCELLATION_PHRASE = '确认注销'
