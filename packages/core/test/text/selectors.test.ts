import { describe, expect, it } from 'vitest';
import { SELECTOR_CONTEXT, selectorsFor } from '../../src/text/selectors.js';

describe('selectorsFor', () => {
  it('gives a TextQuoteSelector with 32 characters of context and a TextPositionSelector', () => {
    const snapshot = `${'a'.repeat(40)} the claim ${'b'.repeat(40)}\n`;
    const start = 41;
    const end = start + 'the claim'.length;
    const { quote, position } = selectorsFor(snapshot, start, end);
    expect(quote).toEqual({ type: 'TextQuoteSelector', exact: 'the claim', prefix: `${'a'.repeat(31)} `, suffix: ` ${'b'.repeat(31)}` });
    expect(quote.prefix).toHaveLength(SELECTOR_CONTEXT);
    expect(position).toEqual({ type: 'TextPositionSelector', start, end });
  });

  it('keeps the snapshot\'s final line feed out of the suffix', () => {
    expect(selectorsFor('A claim.\n', 2, 7).quote).toMatchObject({ prefix: 'A ', suffix: '.' });
  });
});
