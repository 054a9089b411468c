/**
 * Text the API accepts: never a NUL character. PostgreSQL cannot store one in a text column, and no
 * name, note or address needs it, so every string of a request (body, query, path) is checked
 * against this one rule before its schema runs (decision 025).
 */
export const nulCharacterMessage = 'Must not contain a NUL character';

export const hasNulCharacter = (value: string) => value.includes('\u0000');

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
