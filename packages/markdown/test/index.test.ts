import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('@research-pack/markdown', () => {
  it('should expose the public api', () => {
    expect(Object.keys(api).sort()).toEqual(['CHAPTER_FEATURES', 'ClaimAnchorError', 'SATTERI_PLUGIN_NAME', 'claimBlocks', 'claimNode', 'parseChapter', 'planClaimEdits', 'planDirectiveRestoration', 'remarkClaims', 'satteriClaims']);
  });
});
