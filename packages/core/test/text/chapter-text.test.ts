import { describe, expect, it } from 'vitest';
import * as chapterText from '../../src/text/chapter-text.js';

describe('chapter-text', () => {
  it('holds only the types model building and the text stage share, so it imports nothing at run time', () => {
    expect(Object.keys(chapterText).sort()).toEqual([]);
  });
});
