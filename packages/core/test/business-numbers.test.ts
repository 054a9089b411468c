import { describe, expect, it } from 'vitest';
import { formatAbn, formatAcn, normaliseAbn, normaliseAcn } from '../src/index.js';

describe('ABN', () => {
  it('accepts the register’s worked example, typed with spaces', () => {
    expect(normaliseAbn('51 824 753 556')).toBe('51824753556');
    expect(normaliseAbn('53004085616')).toBe('53004085616');
  });

  it('refuses a changed digit, a wrong length, letters and a leading zero', () => {
    expect(normaliseAbn('51 824 753 557')).toBeNull();
    expect(normaliseAbn('5182475355')).toBeNull();
    expect(normaliseAbn('51 824 753 55A')).toBeNull();
    expect(normaliseAbn('01824753556')).toBeNull();
  });

  it('every single-digit change of a valid ABN is caught', () => {
    const abn = '51824753556';
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === abn[i]) continue;
        expect(normaliseAbn(abn.slice(0, i) + d + abn.slice(i + 1)), `${i}:${d}`).toBeNull();
      }
    }
  });

  it('formats in the usual groups', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });
});

describe('ACN', () => {
  it('accepts register examples', () => {
    for (const acn of ['000 000 019', '004 085 616', '010 499 966', '000 250 000']) {
      expect(normaliseAcn(acn), acn).toBe(acn.replace(/ /g, ''));
    }
  });

  it('refuses a wrong check digit or length', () => {
    expect(normaliseAcn('004 085 617')).toBeNull();
    expect(normaliseAcn('00408561')).toBeNull();
  });

  it('formats in threes', () => {
    expect(formatAcn('004085616')).toBe('004 085 616');
  });
});
