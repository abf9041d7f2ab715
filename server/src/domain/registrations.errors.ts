/** PostgreSQL's answers the registration domain turns into 409s. */

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code
}

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505')
}

/** A delete refused by a foreign key: 23001 for ON DELETE RESTRICT, 23503 for NO ACTION. */
export function isReferenceViolation(error: unknown): boolean {
  return hasCode(error, '23001') || hasCode(error, '23503')
}
