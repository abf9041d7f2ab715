/**
 * JSON Schema (as the API document states each request) → fast-check arbitrary. Each value it
 * draws is, field by field, either one the schema admits (so a request gets past validation and
 * into the handler and the database) or a hostile one (wrong type, huge, unicode, NUL, deep
 * nesting, out of range), with fields left out or added. Only the keywords zod's JSON Schema
 * output uses are read; anything else draws from the hostile values alone.
 */
import fc from 'fast-check'
import { HOSTILE_STRINGS, WRONG_TYPES } from '../../src/test/hostileValues'

export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
}

/** Resolves `#/components/schemas/Name` references against the document. */
export type RefResolver = (ref: string) => JsonSchema

const MAX_DEPTH = 6

/** Values no schema of the API admits at any field; some would break a careless parser. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...Object.values(HOSTILE_STRINGS), ...Object.values(WRONG_TYPES)),
  fc.constantFrom(
    // JavaScript-number and PostgreSQL edges: beyond int4, int8, float precision; not finite in JSON.
    2_147_483_648,
    -2_147_483_649,
    Number('9223372036854775807'),
    Number.MAX_SAFE_INTEGER + 2,
    -0,
    1e308,
    5e-324,
    0.5,
    '1e400',
    'NaN',
    '9'.repeat(400),
    // Unicode that trips byte/character confusions and normalisation.
    '\u{1F3B5}'.repeat(300),
    '\uD800',
    '\u202Eevil',
    'ｓｑｌ',
    '%00',
    '../../etc/passwd',
    '00000000-0000-0000-0000-000000000000',
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
    [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ maxLength: 20_000, size: 'max' }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 4 }),
)

function definiteTypes(schema: JsonSchema): string[] {
  if (schema.type === undefined) return []
  return Array.isArray(schema.type) ? schema.type : [schema.type]
}

function regexArbitrary(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern))
  } catch {
    return null
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern !== undefined) {
    const matching = regexArbitrary(schema.pattern)
    if (matching !== null) return matching
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString())
  }
  if (schema.format === 'uri') return fc.webUrl()
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 2_000))
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    // Chinese text, as users type it.
    fc
      .array(fc.integer({ min: 0x4e00, max: 0x9fff }), { minLength, maxLength })
      .map((codes) => String.fromCodePoint(...codes)),
  )
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000_000) + (integer ? 1 : 0)
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000_000) - (integer ? 1 : 0)
  const low = Math.max(min, Number.MIN_SAFE_INTEGER)
  const high = Math.min(max, Number.MAX_SAFE_INTEGER)
  const inRange = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true })
  // The edges themselves and one step past them.
  const edges = integer ? [low, high, low - 1, high + 1] : [low, high]
  return fc.oneof({ weight: 3, arbitrary: inRange }, fc.constantFrom(...edges))
}

/** An arbitrary for values of `schema`, hostile ones mixed in at every level. */
export function schemaArbitrary(
  schema: JsonSchema,
  resolve: RefResolver,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return hostileValue
  return fc.oneof(
    { weight: 4, arbitrary: admittedArbitrary(schema, resolve, depth) },
    { weight: 1, arbitrary: hostileValue },
  )
}

function admittedArbitrary(
  schema: JsonSchema,
  resolve: RefResolver,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) return admittedArbitrary(resolve(schema.$ref), resolve, depth)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives !== undefined && alternatives.length > 0) {
    return fc.oneof(
      ...alternatives.map((alternative) => admittedArbitrary(alternative, resolve, depth + 1)),
    )
  }
  if (schema.allOf !== undefined && schema.allOf.length > 0) {
    return admittedArbitrary(schema.allOf[0] as JsonSchema, resolve, depth + 1)
  }
  const types = definiteTypes(schema)
  if (types.length === 0) return hostileValue
  return fc.oneof(...types.map((type) => typedArbitrary(type, schema, resolve, depth)))
}

function typedArbitrary(
  type: string,
  schema: JsonSchema,
  resolve: RefResolver,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return numberArbitrary(schema, true)
    case 'number':
      return numberArbitrary(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(schemaArbitrary(schema.items ?? {}, resolve, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 50),
      })
    case 'object':
      return objectArbitrary(schema, resolve, depth)
    default:
      return hostileValue
  }
}

function objectArbitrary(
  schema: JsonSchema,
  resolve: RefResolver,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      schemaArbitrary(property, resolve, depth + 1),
    ]),
  )
  const record = fc.record(fields)
  // Required fields are there nine times in ten, optional ones half the time.
  const presence = fc.tuple(
    ...Object.keys(properties).map((name) =>
      required.has(name)
        ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false))
        : fc.boolean(),
    ),
  )
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'userId')),
    hostileValue,
    { maxKeys: 3 },
  )
  return fc
    .tuple(record, presence, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, extra))
    .map(([values, present, extras]) => {
      const object: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(extras)) {
        // defineProperty, so that '__proto__' is an own key and is sent as one.
        Object.defineProperty(object, key, { value, enumerable: true, writable: true })
      }
      Object.keys(properties).forEach((name, index) => {
        if (present[index] === true) object[name] = values[name]
      })
      return object
    })
}
