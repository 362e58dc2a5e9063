import { describe, expect, it } from 'vitest';
import { jsonArtifact } from '../../src/markup/json.js';

describe('jsonArtifact', () => {
  it('writes two-space JSON with a final newline', () => {
    expect(jsonArtifact({ a: [1, { b: 'c' }] })).toBe('{\n  "a": [\n    1,\n    {\n      "b": "c"\n    }\n  ]\n}\n');
  });

  it('writes <, U+2028 and U+2029 as \\u escapes, the same data for any JSON reader', () => {
    const value = { title: '</script><!-- x \u2028 y \u2029 > &' };
    const text = jsonArtifact(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>\\u003c!-- x \\u2028 y \\u2029 > &');
    expect(JSON.parse(text)).toEqual(value);
  });
});
