// Every bound the served API description documents on an input (maxLength, maxItems, minimum,
// maximum of body fields, path and query parameters) is the bound validation enforces: one past it
// is 400 validation_failed naming the field, and exactly at it the field is not refused. The bounds
// are read from the served document, so routes added to the table are covered without listing them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NAMED_ROUTES } from '@/contract/routes';
import { administrationSuite } from '../support/admin-world';
import { request, type Answer } from '../support/http';
import { pairDevice } from '../support/terminals';
import { basicCredentials } from '@/guard-kit/service-calls';
import { registerServiceClient } from '../support/service-calls';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  propertyNames?: Schema;
  anyOf?: Schema[];
}
type Step = string | number;
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
/** One documented bound: where it sits, which keyword, and values exactly at it and one past it. */
interface Bound {
  where: 'body' | 'path' | 'query';
  at: Step[];
  keyword: string;
  atLimit: unknown;
  past: unknown;
}

let served: Doc;
let tokens: Record<'admin' | 'vendor' | 'customer', string>;
/** A paired till's credential, for the routes a terminal calls. */
let terminalToken: string;
/** A service client's Basic credentials, for the routes the platform's services call. */
let clientAuthorization: string;
let ids: Record<string, string>;
const app = administrationSuite(async ({ url, w, tokens: t }) => {
  tokens = { admin: t.superAdmin, vendor: t.owner, customer: t.shopper };
  terminalToken = await pairDevice(url, t.owner, w.storeA.id, w.tillA.id);
  const client = await registerServiceClient(app.db, 'bounds');
  clientAuthorization = basicCredentials(client.client_id, client.client_secret);
  ids = {
    adminId: w.adminsAdmin.id,
    vendorId: w.vendor.id,
    accountId: w.staffer.id,
    storeId: w.storeA.id,
    sessionId: 'no-such-session',
    customerId: w.customer.id,
  };
  served = (await request(url, 'GET', '/api/v1/openapi.json')).body as Doc;
});

const deref = (schema: Schema): Schema =>
  schema.$ref ? deref(served.components.schemas[String(schema.$ref).split('/').at(-1)!]!) : schema;

/** A string of `length` that passes every other rule of `schema` (an e-mail stays an e-mail, digits stay digits). */
function stringOf(schema: Schema, length: number): string {
  if (schema.format === 'email') return 'a'.repeat(Math.max(1, length - 12)) + '@example.com';
  if (schema.pattern?.startsWith('^\\d{')) return '1'.repeat(length); // a code, a feed cursor, a wait in seconds
  // One character class throughout (hexadecimal): its first character.
  const classOnly = /^\^\[([^\]\\])[^\]]*\]\*\$$/.exec(schema.pattern ?? '');
  if (classOnly) return classOnly[1]!.repeat(length);
  // A compact JWS (a guest's refresh token): three base64url parts, the first filling it to the length.
  if (schema.pattern === '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$') return `${'x'.repeat(length - 4)}.x.x`;
  if (schema.format === 'uri') return `https://example.com/${'a'.repeat(Math.max(0, length - 20))}`;
  // An instant stays one: fraction digits fill it to the length.
  if (schema.format === 'date-time')
    return length <= 20 ? '2026-11-23T12:00:00Z' : `2026-11-23T12:00:00.${'1'.repeat(length - 21)}Z`;
  return 'x'.repeat(length);
}

/** The smallest value `schema` accepts: required fields only, lists empty. */
function sample(input: Schema): unknown {
  const schema = deref(input);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  // One of several shapes (a password or a code): the first one's sample.
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      return stringOf(schema, Math.max(schema.minLength ?? 1, schema.format === 'email' ? 13 : 1));
    case 'integer':
      return schema.minimum ?? 1;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name] ?? {})]));
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)}`);
  }
}

/** Every documented bound inside `input`, with the path to it. */
function* boundsIn(input: Schema, where: Bound['where'], at: Step[]): Generator<Bound> {
  const schema = deref(input);
  if (schema.type === 'string' && schema.maxLength !== undefined) {
    yield {
      where,
      at,
      keyword: 'maxLength',
      atLimit: stringOf(schema, schema.maxLength),
      past: stringOf(schema, schema.maxLength + 1),
    };
  }
  if (schema.type === 'integer') {
    if (schema.maximum !== undefined)
      yield { where, at, keyword: 'maximum', atLimit: schema.maximum, past: schema.maximum + 1 };
    if (schema.minimum !== undefined)
      yield { where, at, keyword: 'minimum', atLimit: schema.minimum, past: schema.minimum - 1 };
  }
  if (schema.type === 'array') {
    if (schema.maxItems !== undefined) {
      const item = sample(schema.items ?? {});
      yield {
        where,
        at,
        keyword: 'maxItems',
        atLimit: Array(schema.maxItems).fill(item),
        past: Array(schema.maxItems + 1).fill(item),
      };
    }
    yield* boundsIn(schema.items ?? {}, where, [...at, 0]);
  }
  if (schema.type === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      yield* boundsIn(property, where, [...at, name]);
    if (typeof schema.additionalProperties === 'object')
      yield* boundsIn(schema.additionalProperties, where, [
        ...at,
        sample(schema.propertyNames ?? { type: 'string' }) as string,
      ]);
  }
}

/** `base` with `value` put at `at`, building the lists and objects on the way. */
function withValue(base: unknown, at: Step[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [step, ...rest] = at as [Step, ...Step[]];
  if (typeof step === 'number') {
    const list = [...((base as unknown[] | undefined) ?? [])];
    list[step] = withValue(list[step], rest, value);
    return list;
  }
  const object = { ...(base as Record<string, unknown> | undefined) };
  object[step] = withValue(object[step], rest, value);
  return object;
}

/** The schema of the operation's body, JSON or form-encoded (introspection). */
const bodySchemaOf = (op: Operation) => op.requestBody && Object.values(op.requestBody.content)[0]?.schema;

async function send(
  method: string,
  template: string,
  role: 'admin' | 'vendor' | 'customer' | 'terminal' | 'client' | null,
  op: Operation,
  bound: Bound,
  value: unknown,
): Promise<Answer> {
  const params = { ...ids, ...(bound.where === 'path' ? { [bound.at[0]!]: String(value) } : {}) };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'no-such-id'));
  const query = bound.where === 'query' ? `?${new URLSearchParams({ [bound.at[0]!]: String(value) }).toString()}` : '';
  const bodySchema = bodySchemaOf(op);
  const body = bodySchema
    ? bound.where === 'body'
      ? withValue(sample(bodySchema), bound.at, value)
      : sample(bodySchema)
    : undefined;
  if (role === 'client' && op.requestBody?.content['application/x-www-form-urlencoded']) {
    const form = new URLSearchParams(
      Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ).toString();
    return request(app.url, method, `/api/v1${path}${query}`, {
      body: form,
      headers: { authorization: clientAuthorization, 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  if (role === 'client')
    return request(app.url, method, `/api/v1${path}${query}`, {
      json: body,
      headers: { authorization: clientAuthorization },
    });
  if (role === 'terminal')
    return request(app.url, method, `/api/v1${path}${query}`, {
      json: body,
      headers: { 'x-terminal-token': terminalToken },
    });
  return request(app.url, method, `/api/v1${path}${query}`, { json: body, token: role ? tokens[role] : undefined });
}

/** The messages a 400 gives for `field`; none for any other answer. */
const refusals = (answer: Answer, field: string): string[] =>
  answer.status === 400
    ? ((answer.body?.errors ?? []) as { path: string; message: string }[])
        .filter((e) => e.path === field)
        .map((e) => e.message)
    : [];

test('one past every documented input bound is 400 naming the field; exactly at it the field is not refused', async () => {
  let checked = 0;
  const failures: string[] = [];
  for (const { route } of NAMED_ROUTES) {
    for (const method of route.methods) {
      const op = served.paths[route.path]?.[method.toLowerCase()];
      assert.ok(op, `${method} ${route.path} is documented`);
      const bodySchema = bodySchemaOf(op);
      const bounds = [
        ...(bodySchema ? [...boundsIn(bodySchema, 'body', [])] : []),
        ...(op.parameters ?? []).flatMap((p) => [...boundsIn(p.schema, p.in as Bound['where'], [p.name])]),
      ];
      const role =
        route.auth === 'bearer' ? route.role : route.auth === 'terminal' || route.auth === 'client' ? route.auth : null;
      for (const bound of bounds) {
        const field = bound.at.join('.');
        const label = `${method} ${route.path} ${bound.where} ${field} ${bound.keyword}`;
        const past = await send(method, route.path, role, op, bound, bound.past);
        const pastRefusals = refusals(past, field);
        if (pastRefusals.length === 0)
          failures.push(`${label}: one past the bound answered ${past.status} ${past.text.slice(0, 200)}`);
        // At the bound the field may still be refused for something else (a cursor the service never
        // issued), never for what refused it one past the bound.
        const atLimit = await send(method, route.path, role, op, bound, bound.atLimit);
        const same = refusals(atLimit, field).filter((message) => pastRefusals.includes(message));
        if (same.length > 0) failures.push(`${label}: exactly at the bound refused alike: ${same.join('; ')}`);
        checked += 1;
      }
    }
  }
  assert.deepEqual(failures, []);
  // Every body, path and query bound of the table today; a route added with inputs only raises it.
  assert.ok(checked >= 60, `${checked} bounds checked`);
});
