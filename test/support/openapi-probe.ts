// Probing the served API description: each probe sends a request from an allowed browser origin and
// checks that its status, headers and body are the ones documented for that operation, and records
// what it saw so a suite can tell which documented answers no probe produced.
import assert from 'node:assert/strict';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { request, type Answer, type RequestOptions } from './http';

export type Responses = Record<
  string,
  { headers?: Record<string, { schema: object }>; content?: Record<string, { schema: object }> }
>;
export type Operation = {
  responses: Responses;
  requestBody?: unknown;
  security?: unknown;
  parameters?: { in: string }[];
};
export type Doc = { paths: Record<string, Record<string, Operation>>; components: { responses: Responses } };

/** Statuses no probe can cause without breaking the server: a fault (500), a database outage (503). */
export const NOT_PROBED = new Set(['500', '503']);
/** Every probe comes from an allowed browser origin, so every documented header (CORS too) must be there. */
export const BROWSER_ORIGIN = 'https://shop.example.com';
export const FROM_BROWSER = { origin: BROWSER_ORIGIN };

export const fill = (template: string, params: Record<string, string> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, n: string) => params[n] ?? 'no-such-id');

/**
 * One compiled validator per distinct schema, from one Ajv: compiling is most of a check's cost, and
 * a fresh Ajv compiles its meta-schemas again first (16 s of the description test's 32 s CPU when
 * each schema object had an Ajv of its own).
 */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** Checks that `answer` is documented under `status` in `responses`: media type, schema and headers. */
export function assertMatchesResponse(responses: Responses, status: string, answer: Answer, label: string) {
  assert.equal(String(answer.status), status);
  const documented = responses[status];
  assert.ok(documented, `${label}: status ${status} is not documented: ${answer.text}`);
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (!(header as { required?: boolean }).required && !answer.headers.has(name)) continue;
    const value = answer.headers.get(name);
    assert.ok(value !== null, `${label}: header ${name}`);
    const validateHeader = validatorOf(header.schema);
    const typed = (header.schema as { type?: string }).type === 'integer' ? Number(value) : value;
    assert.ok(
      validateHeader(typed),
      `${label}: header ${name}: ${value} does not match ${JSON.stringify(header.schema)}`,
    );
  }
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!;
  if (!answer.text) return assert.equal(documented.content, undefined, `${label}: documented with a body`);
  const schema = documented.content?.[mediaType]?.schema;
  assert.ok(schema, `${label}: ${status} ${mediaType} is not documented`);
  const validate = validatorOf(schema);
  assert.ok(
    validate(answer.body),
    `${label}: body does not match the schema: ${JSON.stringify(validate.errors)}\n${answer.text}`,
  );
}

/** A hung server fails the test with a message rather than the runner's timeout. */
export function answerWithin<T>(ms: number, label: string, pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms / 1000} s; the server hangs`)), ms);
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

export type ProbeOptions = RequestOptions & {
  params?: Record<string, string>;
  query?: string;
  /** Another instance of the suite. */ url?: string;
};

export type Probe = (method: string, template: string, options?: ProbeOptions) => Promise<Answer>;

/** A prober of the app at `url()` against the resolved document `resolved()`; `seen` collects `method path status`. */
export function createProber(url: () => string, resolved: () => Doc): { probe: Probe; seen: Set<string> } {
  const seen = new Set<string>();
  /** Sends a request to `template` and checks its answer against that operation's responses. */
  async function probe(method: string, template: string, options: ProbeOptions = {}) {
    const sent = { ...options, headers: { ...FROM_BROWSER, ...options.headers } };
    const answer = await answerWithin(
      15_000,
      `${method} ${template}`,
      request(options.url ?? url(), method, `/api/v1${fill(template, options.params)}${options.query ?? ''}`, sent),
    );
    const operations = resolved().paths[template];
    assert.ok(operations, `${template} is not documented`);
    // A 405 belongs to the path: check it against each operation the path has.
    const targets = answer.status === 405 ? Object.keys(operations) : [method.toLowerCase()];
    for (const m of targets) {
      assert.ok(operations[m], `${method} ${template} is not documented`);
      assertMatchesResponse(operations[m].responses, String(answer.status), answer, `${method} ${template}`);
      seen.add(`${m} ${template} ${answer.status}`);
    }
    return answer;
  }
  return { probe, seen };
}
