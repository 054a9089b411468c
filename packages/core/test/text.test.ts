import { describe, expect, it } from 'vitest';
import { containsNulCharacter, nulCharacterFields, nulCharacterMessage } from '../src/index.js';

describe('text without NUL characters', () => {
  it('names every string holding a NUL by its path', () => {
    expect(
      nulCharacterFields({ name: 'Ada\u0000', items: [{ note: 'ok' }, { note: 'x\u0000y' }], n: 3, ok: null }),
    ).toEqual({ name: nulCharacterMessage, 'items.1.note': nulCharacterMessage });
  });

  it('accepts ordinary text, other control characters and emoji', () => {
    expect(nulCharacterFields({ name: 'Zoë 🍕\t\n\u0001', list: ['a', 'b'] })).toEqual({});
    expect(nulCharacterFields('plain')).toEqual({});
  });

  it('reports a bare string, a NUL in a key and a prefix path', () => {
    expect(nulCharacterFields('\u0000')).toEqual({ request: nulCharacterMessage });
    expect(nulCharacterFields({ 'a\u0000': 1 })).toEqual({ key: nulCharacterMessage });
    expect(nulCharacterFields({ slug: 'x\u0000' }, ['params'])).toEqual({ 'params.slug': nulCharacterMessage });
  });

  it('tells whether there is any NUL exactly when nulCharacterFields names one', () => {
    const inputs: unknown[] = [
      { name: 'Ada\u0000' },
      { items: [{ note: 'ok' }, { note: 'x\u0000y' }] },
      { 'a\u0000': 1 },
      '\u0000',
      { name: 'Zoë 🍕\t\n\u0001', list: ['a', 'b'], n: 3, ok: null },
      'plain',
      undefined,
      Object.assign(Object.create(null), { slug: 'x\u0000' }),
    ];
    for (const input of inputs)
      expect(containsNulCharacter(input)).toBe(Object.keys(nulCharacterFields(input)).length > 0);
  });
});
