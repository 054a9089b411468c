import type { UserRole } from '@orderfront/core';

/**
 * Who a preHandler lets through, so the OpenAPI description can state each operation's security and
 * its 401/403 answers from the hooks a route already uses (decision 029). `roles`: the user roles
 * allowed (403 for the others); absent, any caller of that kind.
 */
export interface Guard {
  caller: 'identity' | 'user' | 'guest';
  roles?: readonly UserRole[];
  /** The back-office ability checked (requireAbility), named in the description. */
  ability?: string;
  /** Answers 403 for more than the role (a tenant or an id that is not the caller's). */
  forbids?: boolean;
}

const guards = new WeakMap<object, Guard>();

/** Marks `hook` as a guard; returns it unchanged. */
export function guard<T extends object>(hook: T, info: Guard): T {
  guards.set(hook, info);
  return hook;
}

/** The guard a hook was marked as, if any. */
export const guardOf = (hook: unknown): Guard | undefined =>
  typeof hook === 'function' ? guards.get(hook) : undefined;
