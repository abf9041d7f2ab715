/**
 * The API reference page: reads /api/openapi.json and lists every route with its signature
 * headers, login, request schema, response schema and refusals, then the named schemas. Built
 * with DOM calls only (no innerHTML), in a file of its own so a strict CSP needs no inline script.
 */

// Read from globalThis: the server's lint config need not know browser globals for this one file.
// (Loaded as a module, so these names do not clash with the globals of the page.)
const { document, fetch } = globalThis

const METHOD_ORDER = ['get', 'post']

/** Creates an element with a class and children (strings become text). */
function element(tag, className, ...children) {
  const node = document.createElement(tag)
  if (className) node.className = className
  for (const child of children) {
    if (child === null || child === undefined) continue
    node.append(typeof child === 'string' ? document.createTextNode(child) : child)
  }
  return node
}

function link(href, text) {
  const anchor = element('a', '', text)
  anchor.href = href
  return anchor
}

/** Follows a local `$ref` such as `#/components/schemas/WorkItem`. */
function resolve(openApi, value) {
  if (!value || typeof value.$ref !== 'string') return value
  return value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce(
      (node, key) => (node ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      openApi,
    )
}

function refName(ref) {
  return ref.split('/').pop()
}

function schemaAnchor(name) {
  return `schema-${name}`
}

/** The constraints of a schema, in words: pattern, bounds, format, default. */
function constraintsOf(schema) {
  const parts = []
  if (schema.format) parts.push(`格式 ${schema.format}`)
  // A format (date-time, uri) says it better than the long pattern that implements it.
  if (schema.pattern && !schema.format) parts.push(`匹配 ${schema.pattern}`)
  // zod writes the safe-integer bounds into every int: they say nothing to a reader.
  if (schema.minimum !== undefined && schema.minimum !== -Number.MAX_SAFE_INTEGER) {
    parts.push(`≥ ${schema.minimum}`)
  }
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`)
  if (schema.maximum !== undefined && schema.maximum !== Number.MAX_SAFE_INTEGER) {
    parts.push(`≤ ${schema.maximum}`)
  }
  if (schema.exclusiveMaximum !== undefined) parts.push(`< ${schema.exclusiveMaximum}`)
  if (schema.minLength !== undefined) parts.push(`至少 ${schema.minLength} 个字符`)
  if (schema.maxLength !== undefined) parts.push(`至多 ${schema.maxLength} 个字符`)
  if (schema.enum)
    parts.push(`取值 ${schema.enum.map((value) => JSON.stringify(value)).join(' | ')}`)
  if (schema.const !== undefined) parts.push(`固定为 ${JSON.stringify(schema.const)}`)
  if (schema.default !== undefined) parts.push(`默认 ${JSON.stringify(schema.default)}`)
  return parts
}

function typeLabel(schema) {
  if (schema.$ref) return refName(schema.$ref)
  if (Array.isArray(schema.type)) return schema.type.join(' | ')
  if (schema.type === 'array') return '数组'
  if (schema.type) return schema.type
  if (schema.anyOf || schema.oneOf) return '以下之一'
  if (schema.const !== undefined) return typeof schema.const
  return '任意值'
}

/** A schema as nested lists: a `$ref` links to the named schema below instead of repeating it. */
function renderSchema(schema) {
  if (schema === undefined || schema === null) return element('span', 'muted', '无')
  if (schema.$ref) {
    return element(
      'span',
      'type',
      link(`#${schemaAnchor(refName(schema.$ref))}`, refName(schema.$ref)),
    )
  }
  const box = element('div', 'schema')
  const head = element('div', 'schema-head', element('span', 'type', typeLabel(schema)))
  const constraints = constraintsOf(schema)
  if (constraints.length > 0)
    head.append(' ', element('span', 'constraints', constraints.join('，')))
  if (schema.description) head.append(' ', element('span', 'description', schema.description))
  box.append(head)
  if (schema.properties) {
    const required = new Set(schema.required || [])
    const list = element('ul', 'properties')
    for (const [name, property] of Object.entries(schema.properties)) {
      list.append(
        element(
          'li',
          '',
          element('code', 'property', name),
          element(
            'span',
            required.has(name) ? 'required' : 'optional',
            required.has(name) ? '必填' : '可选',
          ),
          renderSchema(property),
        ),
      )
    }
    box.append(list)
    if (schema.additionalProperties === false) box.append(element('div', 'muted', '不含其他字段'))
  }
  if (schema.items) box.append(element('div', 'items', '元素：', renderSchema(schema.items)))
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (!schema[key]) continue
    const list = element('ol', 'alternatives')
    for (const alternative of schema[key]) list.append(element('li', '', renderSchema(alternative)))
    box.append(list)
  }
  return box
}

function badge(text, kind) {
  return element('span', `badge badge-${kind}`, text)
}

function loginBadge(operation) {
  const security = operation.security || []
  if (security.length === 0) return badge('无需登录', 'open')
  if (security.some((requirement) => Object.keys(requirement).length === 0)) {
    return badge('可选登录', 'optional')
  }
  return badge('需要登录（Bearer）', 'login')
}

function renderParameters(openApi, operation) {
  const parameters = (operation.parameters || []).map((parameter) => resolve(openApi, parameter))
  if (parameters.length === 0) return null
  const table = element('table', 'parameters')
  table.append(
    element(
      'thead',
      '',
      element(
        'tr',
        '',
        element('th', '', '名称'),
        element('th', '', '位置'),
        element('th', '', '必填'),
        element('th', '', '说明'),
      ),
    ),
  )
  const body = element('tbody')
  for (const parameter of parameters) {
    body.append(
      element(
        'tr',
        '',
        element('td', '', element('code', '', parameter.name)),
        element('td', '', parameter.in),
        element('td', '', parameter.required ? '是' : '否'),
        element('td', '', parameter.description || '', renderSchema(parameter.schema)),
      ),
    )
  }
  table.append(body)
  return element('section', 'block', element('h4', '', '参数'), table)
}

function renderContent(content) {
  const blocks = []
  for (const [type, media] of Object.entries(content || {})) {
    blocks.push(
      element('div', 'content', element('div', 'content-type', type), renderSchema(media.schema)),
    )
  }
  return blocks
}

function renderOperation(openApi, path, method, operation) {
  const section = element('section', 'operation')
  section.id = `op-${operation.operationId}`
  section.append(
    element(
      'h3',
      '',
      element('span', `method method-${method}`, method.toUpperCase()),
      ' ',
      element('code', 'path', path),
    ),
  )
  if (operation.summary) section.append(element('p', 'summary', operation.summary))
  if (operation.description) section.append(element('p', 'description', operation.description))
  const signed = (operation.parameters || []).some(
    (parameter) => resolve(openApi, parameter).name === 'signature',
  )
  section.append(
    element(
      'p',
      'badges',
      loginBadge(operation),
      ' ',
      signed ? badge('需要签名', 'signed') : badge('不签名', 'open'),
    ),
  )
  section.append(renderParameters(openApi, operation) || '')
  if (operation.requestBody) {
    section.append(
      element(
        'section',
        'block',
        element('h4', '', '请求体'),
        ...renderContent(operation.requestBody.content),
      ),
    )
  }
  const responses = element('section', 'block', element('h4', '', '响应'))
  for (const [status, response] of Object.entries(operation.responses || {})) {
    responses.append(
      element(
        'div',
        status === '200' ? 'response response-success' : 'response response-error',
        element(
          'div',
          'response-head',
          element('span', 'status', `HTTP ${status}`),
          ' ',
          response.description || '',
        ),
        ...renderContent(response.content),
      ),
    )
  }
  section.append(responses)
  return section
}

function render(openApi) {
  const main = document.getElementById('reference')
  const contents = document.getElementById('contents')
  main.replaceChildren()
  contents.replaceChildren()

  const intro = element('section', 'intro')
  for (const paragraph of (openApi.info.description || '').split('\n')) {
    if (paragraph.trim() !== '') intro.append(element('p', '', paragraph))
  }
  main.append(intro)

  const byTag = new Map()
  for (const [path, item] of Object.entries(openApi.paths || {})) {
    for (const method of METHOD_ORDER) {
      const operation = item[method]
      if (!operation) continue
      const tag = (operation.tags && operation.tags[0]) || 'api'
      if (!byTag.has(tag)) byTag.set(tag, [])
      byTag.get(tag).push({ path, method, operation })
    }
  }
  const count = [...byTag.values()].reduce((sum, operations) => sum + operations.length, 0)
  contents.append(element('p', 'muted', `共 ${count} 个接口`))
  for (const [tag, operations] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    const group = element('section', 'tag')
    group.id = `tag-${tag}`
    group.append(element('h2', '', tag))
    const list = element('ul')
    for (const { path, method, operation } of operations) {
      group.append(renderOperation(openApi, path, method, operation))
      list.append(
        element(
          'li',
          '',
          link(
            `#op-${operation.operationId}`,
            `${method.toUpperCase()} ${path.replace(`/api/${tag}`, '') || path}`,
          ),
        ),
      )
    }
    contents.append(element('h2', '', link(`#tag-${tag}`, tag)), list)
    main.append(group)
  }

  const schemas = (openApi.components && openApi.components.schemas) || {}
  const names = Object.keys(schemas).sort()
  if (names.length > 0) {
    const group = element('section', 'tag')
    group.id = 'schemas'
    group.append(element('h2', '', '数据结构'))
    const list = element('ul')
    for (const name of names) {
      const block = element(
        'section',
        'operation',
        element('h3', '', element('code', '', name)),
        renderSchema(schemas[name]),
      )
      block.id = schemaAnchor(name)
      group.append(block)
      list.append(element('li', '', link(`#${schemaAnchor(name)}`, name)))
    }
    contents.append(element('h2', '', link('#schemas', '数据结构')), list)
    main.append(group)
  }
}

async function start() {
  const main = document.getElementById('reference')
  try {
    const response = await fetch(main.dataset.document, { headers: { accept: 'application/json' } })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    render(await response.json())
  } catch (error) {
    main.replaceChildren(
      element('p', 'status status-error', `接口文档载入失败（${error.message}），请刷新页面重试。`),
    )
  }
}

start()
