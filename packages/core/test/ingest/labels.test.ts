/**
 * A report's labels written as the chapter's ids.
 */
import { describe, expect, it } from 'vitest';
import { withChapterIds } from '../../src/ingest/labels.js';

const ids = new Map([
  ['S16', 'toolpath-docs'],
  ['S17', 'yapi-types-docs'],
  ['S18', 'kiss-coding-docs'],
  ['C4', 'session-id-v4'],
]);

describe('withChapterIds', () => {
  it('writes a range of labels as each id in it, so none between its ends is hidden (an outside author\'s finding)', () => {
    expect(withChapterIds('Readers: S16–S18 (reported).', ids)).toBe('Readers: toolpath-docs, yapi-types-docs, kiss-coding-docs (reported).');
    expect(withChapterIds('S16-S18 and S16 to S18, S16–18', ids)).toBe(
      'toolpath-docs, yapi-types-docs, kiss-coding-docs and toolpath-docs, yapi-types-docs, kiss-coding-docs, toolpath-docs, yapi-types-docs, kiss-coding-docs',
    );
    // A range with a label the report does not have is left to the labels it has, each where it stands.
    expect(withChapterIds('S16–S19', ids)).toBe('toolpath-docs–S19');
    expect(withChapterIds('See C4; pages 10–12 of S17.', ids)).toBe('See session-id-v4; pages 10–12 of yapi-types-docs.');
    // After "to", a bare number is no label: "S17 to 3 minutes" is S17 and a duration.
    expect(withChapterIds('S17 to 3 minutes', ids)).toBe('yapi-types-docs to 3 minutes');
  });
});
