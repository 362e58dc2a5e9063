/**
 * What the operating system said when a file could not be read or written,
 * in words: the reason behind an errno code and what the author can do
 * about it. The loader's problems and the CLI's messages both use it, so a
 * failing file system reads the same everywhere, and never as a stack trace.
 */

/** What was being done to the file when the system refused. */
export type FileOperation = 'read' | 'list' | 'write' | 'replace' | 'create' | 'remove' | 'lock';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many levels of symbolic links',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOENT: 'no such file or folder',
  EEXIST: 'it already exists',
  EXDEV: 'it is on another file system',
  EINVAL: 'invalid argument',
  EAGAIN: 'the resource is temporarily unavailable',
  ESTALE: 'a stale network file handle',
};

/**
 * The errno code of an error, or of the first error in its `cause` chain that has one.
 * @param error a caught error.
 * @returns e.g. `EACCES`, or undefined when no system error is behind it.
 */
export function systemErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The system's reason, in words, with its code: `permission denied (EACCES)`.
 * @param error a caught error (or its code).
 * @returns the reason; the error's own message when it has no code.
 */
export function systemReason(error: unknown): string {
  const code = typeof error === 'string' ? error : systemErrorCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  return `${REASONS[code] ?? 'the system refused'} (${code})`;
}

/**
 * What the author can do about a refusal.
 * @param error a caught error (or its code).
 * @param operation what was being done.
 * @param file the file, as the message shows it.
 * @returns one clause, e.g. `make it readable (chmod u+r file), or run as a user who may read it`.
 */
export function systemAdvice(error: unknown, operation: FileOperation, file: string): string {
  const code = typeof error === 'string' ? error : systemErrorCode(error);
  const writing = operation !== 'read' && operation !== 'list';
  switch (code) {
    case 'EACCES':
      return writing
        ? `make ${file} and its folder writable for this user (ls -ld; chmod u+w), or run as a user who may write there`
        : `make it readable (chmod u+r${operation === 'list' ? 'x' : ''} ${file}), or run as a user who may read it`;
    case 'EPERM':
      return writing
        ? `the file or its folder may be immutable or append-only (lsattr ${file}; chattr -i), or owned by another user; change that, then run again`
        : `the system does not let this user ${operation} it; check its owner and attributes (ls -l, lsattr)`;
    case 'EROFS':
      return 'the file system is mounted read-only; work in a writable copy of the project';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'free some space, then run again';
    case 'EMFILE':
    case 'ENFILE':
      return 'close other programs or raise the open-file limit (ulimit -n), then run again';
    case 'EBUSY':
    case 'ETXTBSY':
    case 'EAGAIN':
      return 'wait until the program using it is done, then run again';
    case 'EIO':
    case 'ESTALE':
      return 'the disk or network file system failed; check it, then run again';
    case 'ENAMETOOLONG':
      return 'use a shorter path';
    default:
      return 'check the file and its folder, then run again';
  }
}
