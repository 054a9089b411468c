import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as encodingSerializer, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deepFreeze } from './freeze.js';

type Schema = z.core.$ZodType;

/** Zod types whose parse and encode give different answers (or may: checked conservatively). */
const oneWay = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'codec', 'custom', 'lazy', 'promise']);

/**
 * Whether parsing gives what encoding gives: no transform, pipe, default, coercion or codec anywhere
 * in the schema, so both only check the value and hand it back.
 */
export function directionFree(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (oneWay.has(def.type) || def.coerce === true) return false;
  const children = [
    def.shape ? Object.values(def.shape as Record<string, Schema>) : [],
    def.element,
    def.options,
    def.items,
    def.rest,
    def.innerType,
    def.left,
    def.right,
    def.keyType,
    def.valueType,
    def.catchall,
  ]
    .flat()
    .filter((child): child is Schema => typeof child === 'object' && child !== null && '_zod' in child);
  return children.every((child) => directionFree(child, seen));
}

/** Envelopes of answers that never change, so their check and text are made once (decision 062). */
const envelopes = new WeakMap<object, { data: object; error: null }>();
const unchanging = new WeakSet<object>();

/**
 * `{ data, error: null }`; for `data` frozen with `deepFreeze` (a cached answer), the same frozen
 * envelope every time, whose check and JSON text the serializer keeps.
 */
export function answerOf<T extends object>(data: T): { data: T; error: null } {
  if (!Object.isFrozen(data)) return { data, error: null };
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = deepFreeze({ data, error: null });
    envelopes.set(data, envelope);
    unchanging.add(envelope);
  }
  return envelope as { data: T; error: null };
}

/**
 * Every answer is still checked against its route's response schema before it is sent (a handler
 * that strays from the contract answers 500, never a wrong body). Zod's encode is three times its
 * parse, which zod compiles (decision 050): a schema where the two agree is parsed; any other is
 * encoded, as fastify-type-provider-zod does. An envelope of `answerOf` is checked and serialised
 * once per route: it cannot change, so neither can the outcome.
 */
export const responseSerializer: FastifySerializerCompiler<Schema | { properties: Schema }> = (route) => {
  const { schema, method, url } = route;
  const resolved = '_zod' in schema ? schema : schema.properties;
  const serialize =
    !resolved || !('_zod' in resolved) || !directionFree(resolved)
      ? encodingSerializer(route as never)
      : (data: unknown) => {
          const result = z.safeParse(resolved, data);
          if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
          return JSON.stringify(result.data);
        };
  const texts = new WeakMap<object, string>();
  return (data) => {
    const once = typeof data === 'object' && data !== null && unchanging.has(data);
    const known = once ? texts.get(data) : undefined;
    if (known !== undefined) return known;
    const text = serialize(data);
    if (once) texts.set(data as object, text);
    return text;
  };
};
