/**
 * Sidecar text in the terminal: `review` shows control, bidirectional and
 * line-separator characters spelled out, so a sidecar cannot drive the
 * terminal (colour, cursor, title) or hide a line.
 */
import { describe, expect, it } from 'vitest';
import { plain } from '../src/review/queue-text.js';

describe('plain', () => {
  it('spells out escapes and invisible characters, and keeps other text', () => {
    expect(plain('\u001b[31mred\u001b[0m and \u202eevil\u2028next\u0007')).toBe('\\u001b[31mred\\u001b[0m and \\u202eevil\\u2028next\\u0007');
    expect(plain('two\nlines')).toBe('two lines');
    expect(plain('Ünïcode – “quotes”, tabs\tstay')).toBe('Ünïcode – “quotes”, tabs\\u0009stay');
  });
});
