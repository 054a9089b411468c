/**
 * Text the API accepts: never a NUL character. PostgreSQL cannot store one in a text column, and no
 * name, note or address needs it, so every string of a request (body, query, path) is checked
 * against this one rule before its schema runs (decision 025).
 */
export const nulCharacterMessage = 'Must not contain a NUL character';

export const hasNulCharacter = (value: string) => value.includes('\u0000');

/**
 * Whether any string or key in `input` holds a NUL: the check every request goes through, without
 * building paths (decision 064); nulCharacterFields names them when one does.
 */
export function containsNulCharacter(input: unknown, depth = 0): boolean {
  if (typeof input === 'string') return hasNulCharacter(input);
  if (!input || typeof input !== 'object' || depth >= 32) return false;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (hasNulCharacter(key) || containsNulCharacter((input as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Every string in `input` holding a NUL, keyed by its path (`items.0.note`), with the message. */
export function nulCharacterFields(input: unknown, path: string[] = []): Record<string, string> {
  const fields: Record<string, string> = {};
  const visit = (value: unknown, at: string[], depth: number) => {
    if (typeof value === 'string') {
      if (hasNulCharacter(value)) fields[at.join('.') || 'request'] = nulCharacterMessage;
    } else if (value && typeof value === 'object' && depth < 32) {
      for (const [key, child] of Object.entries(value)) {
        if (hasNulCharacter(key)) fields[[...at, 'key'].join('.')] = nulCharacterMessage;
        visit(child, [...at, key.replaceAll('\u0000', '')], depth + 1);
      }
    }
  };
  visit(input, path, 0);
  return fields;
}
