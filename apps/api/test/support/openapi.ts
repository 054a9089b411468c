import type { TestContext } from './app.js';

/** A JSON schema as the OpenAPI description gives it (only what the tests read). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  default?: unknown;
  additionalProperties?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

/** One operation of the description, read generically (paths, methods, parameters, request body). */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation in the built app's OpenAPI description (/api/docs/json). */
export async function operationsOf(
  ctx: TestContext,
): Promise<{ operations: Operation[]; resolve: (s: Schema) => Schema }> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name] ?? {});
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: op.parameters ?? [],
        body: body ? resolve(body) : null,
      });
    }
  }
  return { operations, resolve };
}

const typeOf = (schema: Schema): string | undefined => {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  return types[0];
};

const stringCandidates = ['0412 345 678', '2099-12-01', '12:00', '#000000', 'ABCD-EFGH-JKLM-NPQR', '123456', 'abc'];

function exampleString(schema: Schema): string {
  if (schema.format === 'email') return 'probe@example.test';
  if (schema.format === 'date') return '2099-12-01';
  if (schema.format === 'date-time') return '2099-12-01T12:00:00.000Z';
  if (schema.format === 'uri') return 'https://example.test/';
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    const fit = stringCandidates.find((c) => re.test(c));
    if (fit) return fit;
  }
  const length = Math.max(schema.minLength ?? 1, 3);
  return 'x'.repeat(Math.min(length, schema.maxLength ?? length));
}

/**
 * A value the schema accepts, as far as a generic reading can tell: required fields only, the
 * first of a choice, the least number allowed; `pick` overrides a field by its name.
 */
export function exampleOf(
  schema: Schema,
  resolve: (s: Schema) => Schema,
  pick: (name: string) => unknown = () => undefined,
): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice) return exampleOf(choice.find((c) => typeOf(resolve(c)) !== 'null') ?? {}, resolve, pick);
  if (s.allOf?.length) return exampleOf(s.allOf[0] as Schema, resolve, pick);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        const chosen = pick(name);
        if (chosen !== undefined) out[name] = chosen;
        else if (s.required?.includes(name)) out[name] = exampleOf(prop, resolve, pick);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => exampleOf(s.items ?? {}, resolve, pick));
    case 'string':
      return exampleString(s);
    case 'integer':
    case 'number': {
      const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
      return s.maximum !== undefined && min > s.maximum ? s.maximum : min;
    }
    case 'boolean':
      return false;
    default:
      return s.properties ? exampleOf({ ...s, type: 'object' }, resolve, pick) : 'x';
  }
}

/** The operation's URL with its path placeholders filled and the given query appended. */
export function urlOf(op: Operation, path: Record<string, unknown>, query: Record<string, unknown> = {}): string {
  const filled = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(path[name] ?? 1)));
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}
