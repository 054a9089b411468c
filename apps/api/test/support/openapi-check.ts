import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Checks answers against the OpenAPI description the app serves (decision 029): the status must be
 * one the operation documents (5xx under `default`), and a JSON body must match that reply's schema.
 * createTestApp runs it on every `inject`, so every API test also tests the description.
 */

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
export interface Description {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; tags?: string[]; responses?: Responses }>>;
  components?: { responses?: Responses; schemas?: Record<string, unknown> };
}

interface Template {
  path: string;
  pattern: RegExp;
  /** Literal segments: a path like /restaurants/app-settings wins over /restaurants/{id}. */
  literals: number;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  /** The bytes as sent: a compressed answer is checked once decoded. */
  rawPayload?: Buffer;
}

/** The answer's text, decoded when it was sent compressed (the catalogue's precompressed bodies). */
function textOf(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (!answer.rawPayload || (encoding !== 'br' && encoding !== 'gzip')) return answer.body;
  return (encoding === 'br' ? brotliDecompressSync : gunzipSync)(answer.rawPayload).toString('utf8');
}

export function descriptionChecker(doc: Description) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  const templates: Template[] = Object.keys(doc.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literals: path.split('/').filter((s) => s && !s.startsWith('{')).length,
  }));
  const validators = new Map<string, ValidateFunction>();

  /** The operation's documented path for a concrete one, if any. */
  const templateOf = (pathname: string) =>
    templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals)[0]?.path;

  /** The reply object and its JSON pointer for a status (`$ref`s to components followed). */
  function replyOf(path: string, method: string, status: number) {
    const responses = doc.paths[path]?.[method]?.responses ?? {};
    const key = String(status) in responses ? String(status) : status >= 500 && responses.default ? 'default' : null;
    if (!key) return null;
    let where = `openapi.json#/${pointer('paths', path, method, 'responses', key)}`;
    let reply = responses[key];
    if (reply?.$ref) {
      const name = reply.$ref.split('/').pop() ?? '';
      reply = doc.components?.responses?.[name];
      where = `openapi.json#/${pointer('components', 'responses', name)}`;
    }
    return reply ? { reply, where } : null;
  }

  /** Undefined when the answer fits the description, else what is wrong. */
  return function problemOf(method: string, url: string, answer: Answer): string | undefined {
    const pathname = url.split('?')[0] ?? '';
    const path = templateOf(pathname);
    const verb = method.toLowerCase();
    // Untagged operations are routes a test added (every route of the app has tags: openapi.test.ts).
    if (!path || !doc.paths[path]?.[verb]?.tags?.length) return undefined;
    const operation = `${method.toUpperCase()} ${path} (${doc.paths[path]?.[verb]?.operationId})`;
    const found = replyOf(path, verb, answer.statusCode);
    if (!found) return `${operation} answered ${answer.statusCode}, which its description does not list`;
    const type = String(answer.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (type !== 'application/json') return undefined;
    if (!found.reply.content?.['application/json']) return `${operation} ${answer.statusCode}: JSON not described`;
    const ref = `${found.where}/${pointer('content', 'application/json', 'schema')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    const body = textOf(answer);
    if (validate(JSON.parse(body))) return undefined;
    return `${operation} ${answer.statusCode} does not match its description: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`;
  };
}
