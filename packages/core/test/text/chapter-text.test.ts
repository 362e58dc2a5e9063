import { describe, expect, it } from 'vitest';
import * as chapterText from '../../src/text/chapter-text.js';

describe('chapter-text', () => {
  it('keeps the agreed interface', () => {
    expect(Object.keys(chapterText).sort()).toEqual(['anchorClaims', 'extractChapterText']);
  });
});
