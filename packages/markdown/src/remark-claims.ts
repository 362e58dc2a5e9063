/**
 * The unified adapter: a remark plugin that applies the claim edits by
 * mutation. Needs `remark-directive` before it in the pipeline.
 */
import type { Parent, Root, RootContent } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { createClaimsAdapter, failurePlace, type FileClaims } from './claims-adapter.js';
import type { ClaimEdit } from './emit-edits.js';
import type { ClaimsPluginOptions } from './options.js';
import { markerCalls } from './claim-nodes.js';

/**
 * Mark claims on chapter pages (unified).
 * @param options where to find a file's annotations.
 * @returns the transformer; it does nothing for files that are not chapters (or have no path).
 * @throws {TypeError} when the options are wrong.
 */
export const remarkClaims: Plugin<[ClaimsPluginOptions], Root> = function remarkClaims(options) {
  const adapter = createClaimsAdapter(options);
  const { markerModule } = adapter.options;
  const processor = this;
  return function transformer(tree: Root, file: VFile) {
    const source = file.value === undefined ? undefined : String(file);
    const found = adapter(file.path || undefined, source);
    // A chapter parsed as MDX (`remark-mdx`, as `@mdx-js/mdx` does) calls `markerModule` for its markers.
    const calls = markerModule && readsMdx((processor.data() as { fromMarkdownExtensions?: unknown }).fromMarkdownExtensions) ? markerModule : undefined;
    // Annotations still being loaded: unified awaits a transformer's promise.
    if (found instanceof Promise) return found.then((claims) => mark(tree, file, claims, source, calls));
    mark(tree, file, found, source, calls);
    return undefined;
  };
};

/**
 * Whether the processor parses MDX: `remark-mdx` (which `@mdx-js/mdx` uses)
 * gave it the `mdxjsEsm` extension of `mdast-util-from-markdown`, so its
 * pipeline compiles the import and the calls a marker module needs.
 */
function readsMdx(extensions: unknown): boolean {
  if (Array.isArray(extensions)) return extensions.some(readsMdx);
  return typeof extensions === 'object' && extensions !== null && typeof (extensions as { enter?: Record<string, unknown> }).enter?.mdxjsEsm === 'function';
}

/** Plan and apply a file's edits; a failure is reported at its place with `file.fail`. */
function mark(tree: Root, file: VFile, claims: FileClaims | undefined, source: string | undefined, calls: ClaimsPluginOptions['markerModule']): void {
  if (!claims) return;
  const called = calls && claims.kind === 'claims' ? markerCalls(claims.annotations, calls, true) : undefined;
  let edits: ClaimEdit[];
  try {
    edits = claims.plan(tree, source, called?.markers);
  } catch (error) {
    // unified reports a failure at a place with `file.fail`.
    if (!(error instanceof Error)) throw error;
    const place = failurePlace(error);
    const ruleId = (error as { ruleId?: unknown }).ruleId;
    file.fail(error.message, { ...(place ? { place } : {}), ...(typeof ruleId === 'string' ? { ruleId } : {}), source: 'research-pack', cause: error });
  }
  apply(edits);
  if (called) tree.children.unshift(called.preamble as unknown as RootContent);
}

/** Apply edits by mutation, as remark plugins do. */
function apply(edits: ClaimEdit[]): void {
  for (const edit of edits) {
    if (edit.kind === 'children') {
      (edit.node as unknown as Parent).children = edit.children as unknown as RootContent[];
      continue;
    }
    const parent = edit.parent as unknown as Parent;
    const at = parent.children.indexOf(edit.node as unknown as RootContent);
    if (at !== -1) parent.children.splice(at, 1, ...(edit.nodes as unknown as RootContent[]));
  }
}
