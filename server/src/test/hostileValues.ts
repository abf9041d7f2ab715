/**
 * Values a careless or hostile client sends, shared by the hand-written hostile input tests
 * (routes/hostileInput.test.ts) and the fuzzer of the hardening suite (server/hardening).
 */
export const HOSTILE_STRINGS: Record<string, string> = {
  'SQL quote': "86:13800138000' OR '1'='1",
  'SQL statement': "'; DROP TABLE users; --",
  'SQL comment': '86:13800138000/**/--',
  HTML: '<script>alert(1)</script>',
  'HTML attribute': '"><img src=x onerror=alert(1)>',
  'NUL byte': 'a\u0000b',
  'too long': '8'.repeat(5_000),
  empty: '',
  'only spaces': '   ',
}

export const WRONG_TYPES: Record<string, unknown> = {
  number: 13800138000,
  boolean: true,
  null: null,
  array: ['86:13800138000'],
  object: { $gt: '' },
}
