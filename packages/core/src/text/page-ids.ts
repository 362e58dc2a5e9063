/**
 * The HTML ids a chapter's page will carry: those of its headings (as Astro
 * and Starlight make them, with `github-slugger`), of its JSX elements and
 * raw HTML, and those Research Pack gives each claim. Two elements with one
 * id break the page: a claim's marker opens the first element with its
 * popover's id, which would be a heading.
 */
import GithubSlugger from 'github-slugger';
import type { Heading, Html, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** A node of the chapter's tree as the walk reads it. */
interface WalkedNode {
  type: string;
  children?: WalkedNode[];
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  position?: { start: { line: number; column: number } } | undefined;
}

/** An id an element of the chapter's own content will carry. */
export interface PageId {
  id: string;
  /** What carries it. */
  kind: 'heading' | 'element';
  /** Position in the chapter file, 1-based (0 when unknown). */
  line: number;
  column: number;
}

/**
 * The id of a claim's wrapper on its chapter page.
 * @param claimId the claim's id.
 * @returns `rp-claim-<id>`.
 */
export function claimWrapperId(claimId: string): string {
  return `rp-claim-${claimId}`;
}

/**
 * The id of a claim's popover on its chapter page.
 * @param claimId the claim's id.
 * @returns `rp-claim-<id>-details`.
 */
export function claimPopoverId(claimId: string): string {
  return `${claimWrapperId(claimId)}-details`;
}

/**
 * The ids of a chapter's headings, JSX elements and raw HTML, in document order.
 * @param root the chapter's mdast, with positions.
 * @returns the ids.
 */
export function pageIds(root: Root): PageId[] {
  const slugger = new GithubSlugger();
  const ids: PageId[] = [];
  const at = (node: { position?: { start: { line: number; column: number } } | undefined }) => ({ line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 });
  // A plain walk in document order (as `visit` would go): this runs on every chapter a check reads.
  // Typed loosely: MDX's JSX nodes are not in mdast's own types.
  const walk = (node: WalkedNode): void => {
    const { type } = node;
    if (type === 'heading') ids.push({ id: slugger.slug(toString(node as Heading)), kind: 'heading', ...at(node) });
    else if (type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes ?? []) {
        if (attribute.type === 'mdxJsxAttribute' && attribute.name === 'id' && typeof attribute.value === 'string') ids.push({ id: attribute.value, kind: 'element', ...at(node) });
      }
    } else if (type === 'html') {
      for (const match of (node as Html).value.matchAll(/\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) ids.push({ id: match[1] ?? match[2] ?? match[3] ?? '', kind: 'element', ...at(node) });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(root as unknown as WalkedNode);
  return ids;
}
