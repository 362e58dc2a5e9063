/**
 * Paths as problems show them (relative to the project root, POSIX
 * separators) and paths authors write that must stay inside a folder.
 */
import path from 'node:path';

/**
 * A path relative to the project root with `/` separators, whatever the OS.
 * @param rootDir the project root.
 * @param file an absolute path (or one relative to the working directory).
 * @returns e.g. `content/books/pi/27-chapter.claims.yaml`.
 */
export function relativePath(rootDir: string, file: string): string {
  return path.relative(path.resolve(rootDir), path.resolve(file)).split(path.sep).join('/');
}

/**
 * Why a path an author wrote (a notebook in its repository, a report in the
 * book folder) cannot be used, if it cannot. Such paths end up in links and
 * file reads, so they must be plain relative POSIX paths that stay inside
 * their folder: no absolute paths, drive letters, backslashes, `..`, `.`,
 * empty segments, URLs or control characters.
 * @param value the path as written.
 * @returns the reason, or undefined when the path is fine.
 */
export function unsafePathReason(value: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'contains a control character';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return 'is a URL, not a path';
  if (value.includes('\\')) return 'uses backslashes instead of "/"';
  if (value.startsWith('/') || /^[a-z]:/i.test(value)) return 'is absolute';
  const segments = value.split('/');
  if (segments.includes('..')) return 'leaves the folder through ".."';
  if (segments.some((segment) => segment === '' || segment === '.')) {
    return `is not normalized (${JSON.stringify(path.posix.normalize(value).replace(/^\.\/|\/$/g, ''))} is)`;
  }
  return undefined;
}
