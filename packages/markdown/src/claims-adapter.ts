/**
 * What the Sätteri and remark plugins share, so that each only applies edits
 * its own way: the options, checked once when the plugin is made; what a
 * file gets (its claims marked, only its directives restored, or nothing);
 * and one way to fail, with the claim's position for the processor to report.
 */
import { closest, quote } from '@research-pack/core/problems';
import type { ChapterAnnotations } from '@research-pack/core/render';
import type { IndexNode } from '@research-pack/core/internal';
import type { Root } from 'mdast';
import type { ClaimsPluginOptions } from './options.js';
import { ClaimAnchorError } from './page-errors.js';
import { planClaimEdits, planDirectiveRestoration, type ClaimEdit, type PlanOptions } from './plan-claims.js';
import type { MarkerForm } from './claim-nodes.js';

/** What a plugin does with one file. */
export interface FileClaims {
  /** `claims` in a chapter; `directives` in another file, when directives are restored outside chapters. */
  kind: 'claims' | 'directives';
  /** The chapter's annotations (for `claims`). */
  annotations?: ChapterAnnotations | undefined;
  /**
   * The file's edits, from the whole tree.
   * @param root the file's mdast (read only).
   * @param source the text it was parsed from, when known.
   * @param markers how markers go into the page (default `tree`).
   * @returns the edits.
   * @throws {ClaimAnchorError} when a claim cannot be placed (with its line and column), or an `Error` naming the chapter, with the cause, when anything else fails.
   */
  plan: (root: Root | IndexNode, source: string | undefined, markers?: MarkerForm) => ClaimEdit[];
}

/**
 * What the plugins read for each file: called with the file's absolute path
 * (undefined when it has none) and the text it is parsed from, when known
 * (the lookup may check the chapter's revision with it), it says what to do;
 * undefined when the plugin sits out; a promise while the annotations are
 * being loaded.
 */
export interface ClaimsAdapter {
  (filePath: string | undefined, source?: string): FileClaims | undefined | Promise<FileClaims | undefined>;
  /** The checked options, which apply to every file. */
  readonly options: ClaimsPluginOptions;
}

/** The options of the claim plugins and what each must be. */
const OPTIONS: Record<keyof ClaimsPluginOptions, { expected: string; valid: (value: unknown) => boolean }> = {
  annotations: { expected: 'a function from a file path to the chapter\'s annotations', valid: (value) => typeof value === 'function' },
  directive: { expected: 'a directive name such as "claim"', valid: (value) => value === undefined || (typeof value === 'string' && /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(value)) },
  restoreDirectives: { expected: 'true or false', valid: (value) => value === undefined || typeof value === 'boolean' },
  restoreOutsideChapters: { expected: 'true or false', valid: (value) => value === undefined || typeof value === 'boolean' },
  popovers: { expected: '"inline" or "page"', valid: (value) => value === undefined || value === 'inline' || value === 'page' },
  markerModule: {
    expected: 'an object with `from` (a module specifier) and `name` (the name of its export)',
    valid: (value) => {
      if (value === undefined) return true;
      const { from, name } = (value ?? {}) as { from?: unknown; name?: unknown };
      return typeof value === 'object' && typeof from === 'string' && from !== '' && typeof name === 'string' && /^[A-Za-z_$][\w$]*$/.test(name);
    },
  },
};

/**
 * Check the claim plugins' options, naming every mistake at once.
 * @param options what the plugin was given.
 * @returns the options, checked.
 * @throws {TypeError} when they are not an object with `annotations`, or a key is unknown or has a wrong value.
 */
export function checkClaimsOptions(options: unknown): ClaimsPluginOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`Research Pack's claim plugin needs options with \`annotations\` (a function from a file path to the chapter's annotations), got ${describe(options)}`);
  }
  const mistakes: string[] = [];
  const names = Object.keys(OPTIONS);
  for (const [key, value] of Object.entries(options)) {
    const option = OPTIONS[key as keyof ClaimsPluginOptions];
    if (!option) {
      const suggestion = closest(key, names);
      mistakes.push(`unknown option ${quote(key)}${suggestion ? ` (did you mean ${quote(suggestion)}?)` : ''}; the options are ${names.join(', ')}`);
    } else if (!option.valid(value)) {
      mistakes.push(`\`${key}\` must be ${option.expected}, got ${describe(value)}`);
    }
  }
  if (!('annotations' in options)) mistakes.push(`\`annotations\` is missing: it must be ${OPTIONS.annotations.expected}`);
  if (mistakes.length > 0) throw new TypeError(`Research Pack's claim plugin was given wrong options: ${mistakes.join('; ')}`);
  return options as ClaimsPluginOptions;
}

/**
 * Make what both plugins use for each file, from their options.
 * @param options the plugin's options (checked here).
 * @returns for a file's path and source: what to do with it (see `ClaimsAdapter`).
 * @throws {TypeError} when the options are wrong.
 */
export function createClaimsAdapter(options: ClaimsPluginOptions): ClaimsAdapter {
  const checked = checkClaimsOptions(options);
  const planOptions: Omit<PlanOptions, 'source'> = { directive: checked.directive, restoreDirectives: checked.restoreDirectives, popovers: checked.popovers };
  const restoring: FileClaims = { kind: 'directives', plan: (root, source) => planDirectiveRestoration(root, { source }) };
  const decide = (annotations: ChapterAnnotations | undefined): FileClaims | undefined => {
    if (!annotations) return checked.restoreOutsideChapters ? restoring : undefined;
    return { kind: 'claims', annotations, plan: (root, source, markers) => planChapter(root, source, annotations, markers ? { ...planOptions, markers } : planOptions) };
  };
  const forFile = (filePath: string | undefined, source?: string) => {
    if (filePath === undefined) return decide(undefined);
    const found = checked.annotations(filePath, source);
    return isPromise(found) ? found.then(decide) : decide(found);
  };
  return Object.assign(forFile, { options: checked });
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/** Plan a chapter's edits; anything but a misplaced claim becomes an error that names the chapter. */
function planChapter(root: Root | IndexNode, source: string | undefined, annotations: ChapterAnnotations, options: Omit<PlanOptions, 'source'>): ClaimEdit[] {
  try {
    return planClaimEdits(root, annotations, { ...options, source });
  } catch (error) {
    if (error instanceof ClaimAnchorError) throw error;
    throw new Error(`Research Pack could not mark the claims of ${annotations.file}`, { cause: error });
  }
}

/**
 * Where a failure of `FileClaims.plan` is in the chapter.
 * @param error what `plan` threw.
 * @returns the claim's 1-based line and column, or undefined when unknown.
 */
export function failurePlace(error: unknown): { line: number; column: number } | undefined {
  return error instanceof ClaimAnchorError && error.line > 0 ? { line: error.line, column: Math.max(1, error.column) } : undefined;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : String(value);
}
