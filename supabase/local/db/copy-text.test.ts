import { describe, expect, it } from 'vitest';
import { copyField, copyText } from './copy-text';

describe('COPY text format', () => {
  it('escapes the characters COPY reads specially and writes null as \\N', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('')).toBe('');
    expect(copyField('£12,995 "as new"')).toBe('£12,995 "as new"');
  });

  it('writes numbers exactly, booleans as t/f, string arrays as text[] and anything else as JSON', () => {
    expect(copyField(53.4773)).toBe('53.4773');
    expect(copyField(-2.2351)).toBe('-2.2351');
    expect(copyField(true)).toBe('t');
    expect(copyField(['a "b"', 'c\\d'])).toBe('{"a \\\\"b\\\\"","c\\\\\\\\d"}');
    expect(copyField([])).toBe('{}');
    expect(copyField([[1997, 2002]])).toBe('[[1997,2002]]');
    expect(copyField({ k: 'v' })).toBe('{"k":"v"}');
    expect(() => copyField(Number.NaN)).toThrow(RangeError);
  });

  it('writes one line per row, the columns in order', () => {
    const rows = [
      { a: 1, b: 'x' },
      { b: 'y', a: null },
    ];
    expect(copyText(rows, ['a', 'b'])).toBe('1\tx\n\\N\ty\n');
  });
});
