import { describe, expect, it } from 'vitest';
import * as types from '../../src/text/text-index-types.js';

describe('text-index-types', () => {
  it('holds only the types of the text index, so it imports nothing at run time', () => {
    expect(Object.keys(types)).toEqual([]);
  });
});
