import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativePath, unsafePathReason } from '../../src/load/paths.js';

describe('paths', () => {
  it('makes POSIX paths relative to the root', () => {
    expect(relativePath('/project', '/project/content/books/pi/book.yaml')).toBe('content/books/pi/book.yaml');
    expect(relativePath('/project/', path.join('/project', 'content', 'books'))).toBe('content/books');
  });

  it('accepts plain relative paths', () => {
    for (const value of ['a.ipynb', 'notebooks/pi/27-chapter.ipynb', 'reports/pass 1.md', '.github/x.ipynb']) expect(unsafePathReason(value)).toBeUndefined();
  });

  it('explains why other paths are refused', () => {
    expect(unsafePathReason('/etc/passwd')).toBe('is absolute');
    expect(unsafePathReason('C:/x.ipynb')).toBe('is absolute');
    expect(unsafePathReason('c:x.ipynb')).toBe('is absolute');
    expect(unsafePathReason('notebooks\\x.ipynb')).toBe('uses backslashes instead of "/"');
    expect(unsafePathReason('\\\\server\\share')).toBe('uses backslashes instead of "/"');
    expect(unsafePathReason('../x.ipynb')).toBe('leaves the folder through ".."');
    expect(unsafePathReason('a/../../x.ipynb')).toBe('leaves the folder through ".."');
    expect(unsafePathReason('./x.ipynb')).toBe('is not normalized ("x.ipynb" is)');
    expect(unsafePathReason('a//b.ipynb')).toBe('is not normalized ("a/b.ipynb" is)');
    expect(unsafePathReason('a/b/')).toBe('is not normalized ("a/b" is)');
    expect(unsafePathReason('https://example.org/x.ipynb')).toBe('is a URL, not a path');
    expect(unsafePathReason('a\u0000b')).toBe('contains a control character');
  });
});
