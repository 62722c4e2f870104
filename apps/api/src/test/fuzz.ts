/**
 * Malformed requests generated from the OpenAPI document: for each operation, its parameters and
 * body are first given a plausible value (from the schema, or a real key of the seeded registry),
 * then broken one place at a time — wrong types, huge strings, NUL bytes, bad percent-encoding,
 * negative and huge numbers, deep or odd JSON, arrays for objects, missing fields, unicode junk —
 * plus request-wide junk (unknown query parameters, odd headers and media types, broken JSON).
 */

/** The subset of JSON Schema the zod contracts produce that generation looks at. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

interface OpenApiParam {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI style: /api/users/{login} */
  path: string;
  params: OpenApiParam[];
  body: JsonSchema | undefined;
}

export interface FuzzCase {
  name: string;
  /** Path and query, as sent (already encoded, or deliberately malformed). */
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: OpenApiParam[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries((doc as OpenApiDoc).paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return ops;
}

/** The characters huge junk is made of: an error answer must never contain a long run of them. */
export const HUGE = { path: 'x', text: 'Ω', near: 'y' } as const;

/** Raw URL components: already percent-encoded, or deliberately not. */
const URL_JUNK: [string, string][] = [
  ['empty', ''],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['bad percent %zz', '%zz'],
  ['truncated UTF-8', '%E0%A4%A'],
  ['lone percent', '%'],
  ['overlong NUL', '%C0%80'],
  ['lone surrogate', '%ED%A0%80'],
  ['10 kB', HUGE.path.repeat(10_000)],
  ['just over the router limit', HUGE.near.repeat(201)],
  ['150 wide characters', encodeURIComponent(HUGE.text.repeat(150))],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['overflowing float', '1e309'],
  ['huge integer', '99999999999999999999999'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['hex', '0x1F'],
  ['leading space', '%201'],
  ['true', 'true'],
  ['null', 'null'],
  ['array text', '%5B%5D'],
  ['object text', '%7B%7D'],
  ['SQL', encodeURIComponent("' OR '1'='1' --")],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['markup', encodeURIComponent('<script>alert(1)</script>')],
  ['emoji', '%F0%9F%92%A5'],
  ['RTL override + BOM', '%E2%80%AE%EF%BB%BF'],
  ['noncharacter', '%EF%BF%BF'],
  ['encoded percent', '%25'],
  ['encoded slash', 'a%2Fb'],
  ['plus', '+'],
];

function deep(levels: number): unknown {
  let v: unknown = 'fundo';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

/** JSON values put where a body field goes. */
const VALUE_JUNK: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['fraction', 1.5],
  ['below int32', -2147483649],
  ['beyond safe integer', 2 ** 53 + 1],
  ['huge float', 1e308],
  ['huge negative float', -1e308],
  ['empty string', ''],
  ['NUL', 'a\u0000b'],
  ['100k wide characters', HUGE.text.repeat(100_000)],
  ['number as text', '24000001'],
  ['impossible date', '2024-02-30'],
  ['Brazilian date', '31/12/2024'],
  ['nonsense date', '9999-99-99'],
  ['lone surrogate', '\uD800'],
  ['RTL override, BOM, noncharacter', '\u202E\uFEFF\uFFFF'],
  ['SQL', "' OR '1'='1' --"],
  ['markup', '<script>alert(1)</script>'],
  ['empty array', []],
  ['mixed array', [1, 'a', null, {}]],
  ['100k array', new Array(100_000).fill(0)],
  ['empty object', {}],
  ['nested object', { a: { b: { c: {} } } }],
  ['1000 levels deep', deep(1000)],
  ['prototype key', JSON.parse('{"__proto__": {"admin": true}}')],
];

/** Whole-body junk: [name, raw payload, content type]. */
const BODY_JUNK: [string, string | Buffer, string][] = [
  ['null', 'null', 'application/json'],
  ['array for object', '[]', 'application/json'],
  ['string', '"texto"', 'application/json'],
  ['number', '123', 'application/json'],
  ['boolean', 'true', 'application/json'],
  ['truncated JSON', '{"a": ', 'application/json'],
  ['trailing comma', '{"a": 1,}', 'application/json'],
  ['empty with JSON type', '', 'application/json'],
  ['10 000 levels of arrays', '['.repeat(10_000) + ']'.repeat(10_000), 'application/json'],
  ['5 000 levels of objects', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), 'application/json'],
  ['__proto__', '{"__proto__": {"polluted": true}}', 'application/json'],
  ['constructor.prototype', '{"constructor": {"prototype": {"polluted": true}}}', 'application/json'],
  ['over the body limit', `{"a": "${'z'.repeat(2.5 * 1024 * 1024)}"}`, 'application/json'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'],
  ['UTF-16 declared', '{"a": 1}', 'application/json; charset=utf-16'],
  ['text/plain', 'texto qualquer', 'text/plain'],
  ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
  ['xml', '<a>1</a>', 'application/xml'],
  ['no media type at all', '{"a": 1}', ''],
];

/** A plausible value for a schema (not necessarily valid: the point is to break one place). */
export function sampleOf(s: JsonSchema | undefined, name = ''): unknown {
  if (!s) return 'fuzz';
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return sampleOf(alt.find((a) => a.type !== 'null') ?? alt[0], name);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v, k)]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items, name));
    case 'integer':
    case 'number': {
      // A key that exists nowhere: a plausible call that finds nothing and changes nothing.
      let n = Math.min(Math.max(987_654, s.minimum ?? 0), s.maximum ?? Number.MAX_SAFE_INTEGER);
      if (s.exclusiveMinimum === true && n === s.minimum) n += 1;
      return n;
    }
    case 'boolean':
      return false;
    default:
      return sampleString(s, name);
  }
}

function sampleString(s: JsonSchema, name: string): string {
  const candidates = [/mail/i.test(name) ? 'fuzz@example.com' : 'fuzz', '2024-01-31', 'fuzz@example.com', 'AL', '24000000', '11222333000181', 'a'];
  const fits = (v: string) => {
    if (v.length < (s.minLength ?? 0) || v.length > (s.maxLength ?? Infinity)) return false;
    try {
      return !s.pattern || new RegExp(s.pattern, 'u').test(v);
    } catch {
      return true;
    }
  };
  return candidates.find(fits) ?? 'a'.repeat(Math.max(1, s.minLength ?? 1)).slice(0, s.maxLength ?? Infinity);
}

const MIN_CASES = 40;

/**
 * The malformed requests for one operation (at least 40). `pathValue` gives the plausible value of
 * a path parameter by name (a real key), or undefined to take one from the schema.
 */
export function casesFor(op: Operation, pathValue: (name: string) => string | undefined): FuzzCase[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const base: Record<string, string> = {};
  for (const p of pathParams) base[p.name] = encodeURIComponent(pathValue(p.name) ?? String(sampleOf(p.schema, p.name)));
  const baseQuery = queryParams.filter((p) => p.required).map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(p.schema, p.name)))}`);
  const build = (params: Record<string, string>, query: string[]) =>
    op.path.replace(/\{(\w+)\}/g, (_m, n: string) => params[n] ?? '') + (query.length ? `?${query.join('&')}` : '');
  const url = build(base, baseQuery);
  const hasBody = op.body !== undefined;
  const bodyBase = hasBody ? sampleOf(op.body) : undefined;
  const json = (v: unknown) => ({ payload: JSON.stringify(v), headers: { 'content-type': 'application/json' } });
  const withBody: { payload?: string; headers?: Record<string, string> } = hasBody ? json(bodyBase) : {};
  const cases: FuzzCase[] = [];

  for (const p of pathParams) {
    for (const [name, junk] of URL_JUNK) cases.push({ name: `path ${p.name}: ${name}`, url: build({ ...base, [p.name]: junk }, baseQuery), ...withBody });
  }
  for (const p of queryParams) {
    const others = baseQuery.filter((q) => !q.startsWith(`${p.name}=`));
    for (const [name, junk] of URL_JUNK) cases.push({ name: `query ${p.name}: ${name}`, url: build(base, [...others, `${p.name}=${junk}`]), ...withBody });
    cases.push({ name: `query ${p.name}: repeated`, url: build(base, [...others, `${p.name}=1`, `${p.name}=2`]), ...withBody });
    cases.push({ name: `query ${p.name}: bracketed`, url: build(base, [...others, `${p.name}[a][b]=1`]), ...withBody });
    if (p.required) cases.push({ name: `query ${p.name}: missing`, url: build(base, others), ...withBody });
  }
  if (hasBody) {
    const obj = bodyBase !== null && typeof bodyBase === 'object' && !Array.isArray(bodyBase) ? (bodyBase as Record<string, unknown>) : undefined;
    for (const key of Object.keys(obj ?? {})) {
      for (const [name, junk] of VALUE_JUNK) cases.push({ name: `body ${key}: ${name}`, url, ...json({ ...obj, [key]: junk }) });
      if (op.body?.required?.includes(key)) {
        const { [key]: _dropped, ...rest } = obj!;
        cases.push({ name: `body ${key}: missing`, url, ...json(rest) });
      }
    }
    if (Array.isArray(bodyBase) || op.body?.type === 'array') {
      for (const [name, junk] of VALUE_JUNK) cases.push({ name: `body item: ${name}`, url, ...json([junk]) });
    }
    if (obj) cases.push({ name: 'body: unknown field', url, ...json({ ...obj, desconhecido: HUGE.text.repeat(1000) }) });
    for (const [name, payload, type] of BODY_JUNK) cases.push({ name: `body: ${name}`, url, payload, headers: type ? { 'content-type': type } : {} });
  }
  // Request-wide junk, for every operation.
  const sep = url.includes('?') ? '&' : '?';
  cases.push(
    { name: 'unknown query: __proto__', url: `${url}${sep}__proto__[admin]=1`, ...withBody },
    { name: 'unknown query: constructor.prototype', url: `${url}${sep}constructor[prototype][admin]=1`, ...withBody },
    { name: 'unknown query: 2 000 parameters', url: `${url}${sep}${'a=1&'.repeat(2000)}`, ...withBody },
    { name: 'path: trailing junk segment', url: url.replace(/(\?|$)/, '/%00$1'), ...withBody },
    { name: 'path: double slash', url: url.replace(/^\/([\w-]+)\//, '/$1//'), ...withBody },
    { name: 'header: Accept xml', url, ...withBody, headers: { ...withBody.headers, accept: 'application/xml' } },
    { name: 'header: junk If-None-Match', url, ...withBody, headers: { ...withBody.headers, 'if-none-match': '"\xff'.repeat(100) } },
    { name: 'header: junk Accept-Language', url, ...withBody, headers: { ...withBody.headers, 'accept-language': ';;;q=abc,*' } },
    { name: 'header: junk Range', url, ...withBody, headers: { ...withBody.headers, range: 'bytes=abc-' } },
  );
  for (let i = 0; cases.length < MIN_CASES; i++) {
    const [name, junk] = URL_JUNK[i % URL_JUNK.length]!;
    cases.push({ name: `unknown query: ${name}`, url: `${url}${sep}zz${i}=${junk}`, ...withBody });
  }
  return cases;
}
