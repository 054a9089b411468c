import type { FieldErrors } from 'react-hook-form';

/**
 * The one problem a back-office form shows: the API's refusal (set as `root.server`), else the first
 * message the schema found, fields in the order it checks them.
 */
export function problemOf(errors: FieldErrors): string | null {
  const walk = (node: unknown): string | null => {
    if (!node || typeof node !== 'object') return null;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'types') continue;
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  return walk(errors.root?.server) ?? walk(errors);
}
