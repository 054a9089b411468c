import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as encodingSerializer, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

/**
 * Every answer is still checked against its route's response schema before it is sent (a handler
 * that strays from the contract answers 500, never a wrong body). Zod's encode is three times its
 * parse, which zod compiles (decision 050): a schema where the two agree is parsed; any other is
 * encoded, as fastify-type-provider-zod does.
 */
export const responseSerializer: FastifySerializerCompiler<Schema | { properties: Schema }> = (route) => {
  const { schema, method, url } = route;
  const resolved = '_zod' in schema ? schema : schema.properties;
  if (!resolved || !('_zod' in resolved) || !directionFree(resolved)) return encodingSerializer(route as never);
  return (data) => {
    const result = z.safeParse(resolved, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
