/**
 * Marking a page node by node, for a processor whose plugins visit node
 * types (Sätteri): each claim directive is replaced by its claim's wrapper,
 * each prose container the model placed a quote in (or a directive claim
 * that needs its container rebuilt, in a heading or a link) gets the edits
 * of `planContainer`, and directives that are not claims read as the text
 * their author wrote. After the visit, every claim must have been marked.
 */
import type { ChapterAnnotations, ClaimAnnotation } from '@research-pack/core/render';
import { buildTextIndex, directiveId, isDirectiveLabel, type IndexNode, type RestoredDirective } from '@research-pack/core/internal';
import type { MdastContent, MdastTarget, MdastVisitorContext } from 'satteri';
import type { FileClaims } from './claims-adapter.js';
import { claimNode, fenceParagraph, type MarkerForm } from './claim-nodes.js';
import { planContainer } from './container-plan.js';
import type { ClaimEdit } from './emit-edits.js';
import { insideRebuilt, modelPlaces, type ModelPlaces, type PlacedContainer } from './model-places.js';
import { directiveWithoutIdError, duplicateDirectiveError, missingDirectiveError, pageOrphanError, unknownDirectiveError } from './page-errors.js';

/** A node a visitor is handed: read only. */
export type PageNode = IndexNode;

/** Every node type a marker may visit. */
export const PAGE_VISITORS = ['paragraph', 'heading', 'tableCell', 'mdxJsxFlowElement', 'leafDirective', 'containerDirective', 'textDirective'] as const;

/** How a marker builds. */
export interface PageMarkerSettings {
  /** Name of the claim directive. */
  directive: string;
  /** Whether directives that are not claims are restored. */
  restore: boolean;
  /** Where popovers go. */
  popovers: 'inline' | 'page';
  /** How markers go into the page: as markup of their own (`html` for Markdown, `mdx` for MDX). */
  markers: MarkerForm;
}

/** The marking of one page. */
export class PageMarker {
  /** Directive claims marked so far. */
  private readonly seen = new Set<string>();
  /** Containers rebuilt so far. */
  private readonly done = new Set<PlacedContainer>();
  private readonly types: Set<string>;

  private constructor(
    /** The chapter, or undefined in a file whose directives are only restored (`:claim` too). */
    private readonly annotations: ChapterAnnotations | undefined,
    private readonly places: ModelPlaces | undefined,
    private readonly source: string | undefined,
    private readonly settings: PageMarkerSettings,
  ) {
    const restore = !annotations || settings.restore;
    this.types = new Set(['textDirective', ...(restore ? ['leafDirective', 'containerDirective'] : []), ...(places?.ranges.map((range) => range.type) ?? [])]);
  }

  /**
   * A marker for a file, or undefined when the page must be read whole (the
   * model did not place its claims, or placed them in another revision).
   * @param claims what to do with the file.
   * @param source the source the page is parsed from.
   * @param settings how to build.
   * @returns the marker.
   */
  static create(claims: FileClaims, source: string | undefined, settings: PageMarkerSettings): PageMarker | undefined {
    if (claims.kind === 'directives') return new PageMarker(undefined, undefined, source, settings);
    const places = claims.annotations ? modelPlaces(claims.annotations, source) : undefined;
    return places ? new PageMarker(claims.annotations, places, source, settings) : undefined;
  }

  /** @returns the node types this marker visits. */
  visitedTypes(): string[] {
    return [...this.types];
  }

  /**
   * Whether this marker visits a node type.
   * @param type a node type.
   * @returns true when it does.
   */
  visits(type: string): boolean {
    return this.types.has(type);
  }

  /**
   * Visit a node.
   * @param node the node (read only).
   * @param ctx Sätteri's visitor context.
   * @throws {ClaimAnchorError} when a claim cannot be marked.
   */
  visit(node: PageNode, ctx: MdastVisitorContext): void {
    const start = node.position?.start.offset;
    const container = start === undefined ? undefined : this.places?.containers.get(start);
    if (container && container.type === node.type) {
      this.rebuild(node, container, ctx);
      return;
    }
    if (node.type === 'textDirective') this.textDirective(node, start, ctx);
    else if (node.type === 'leafDirective') this.restoreLeaf(node, ctx);
    else if (node.type === 'containerDirective') this.restoreContainer(node, ctx);
  }

  /**
   * After the visit: every directive claim marked, every placed container rebuilt.
   * @param _ctx Sätteri's context.
   * @throws {ClaimAnchorError} for the first claim that was not marked.
   */
  finish(_ctx: MdastVisitorContext): void {
    if (!this.annotations || !this.places) return;
    for (const annotation of this.places.directives.values()) {
      if (!this.seen.has(annotation.id)) throw missingDirectiveError(this.annotations.file, annotation);
    }
    for (const container of this.places.ranges) {
      if (!this.done.has(container)) throw pageOrphanError(this.annotations.file, container.claims.find((claim) => claim.anchor.type === 'quote') ?? container.claims[0]!, 'missing');
    }
  }

  private rebuild(node: PageNode, container: PlacedContainer, ctx: MdastVisitorContext): void {
    const annotations = this.annotations!;
    const { directive, restore, popovers, markers } = this.settings;
    applyEdits(planContainer(node, container, annotations, { source: this.source, directive, restore, popovers, markers }), ctx);
    this.done.add(container);
    for (const claim of container.claims) if (claim.anchor.type === 'directive') this.seen.add(claim.id);
  }

  private textDirective(node: PageNode, start: number | undefined, ctx: MdastVisitorContext): void {
    // Inside a container that is rebuilt, the container's edits cover it.
    if (this.places && start !== undefined && insideRebuilt(this.places, start)) return;
    if (this.annotations && node.name === this.settings.directive) {
      this.markDirective(node, ctx);
      return;
    }
    if (this.annotations && !this.settings.restore) return;
    const restored = this.restored(node);
    if (restored) ctx.replaceNode(node as MdastTarget, { type: 'text', value: restored.text });
  }

  private markDirective(node: PageNode, ctx: MdastVisitorContext): void {
    const file = this.annotations!.file;
    const point = node.position?.start;
    const at = { line: point?.line ?? 0, column: point?.column ?? 0 };
    const id = directiveId(node);
    if (!id) throw directiveWithoutIdError(file, at);
    const annotation: ClaimAnnotation | undefined = this.places!.directives.get(id);
    if (!annotation) throw unknownDirectiveError(file, at, id);
    if (this.seen.has(id)) throw duplicateDirectiveError(file, at, id);
    this.seen.add(id);
    // The model rebuilds the container of a claim that is not simple; it is not here.
    if (!annotation.place?.simple) throw pageOrphanError(file, annotation, 'unmarkable');
    ctx.replaceNode(node as MdastTarget, claimNode(annotation, node.children ?? [], this.settings.popovers, this.settings.markers) as unknown as MdastContent);
  }

  private restoreLeaf(node: PageNode, ctx: MdastVisitorContext): void {
    if (this.annotations && !this.settings.restore) return;
    const restored = this.restored(node);
    if (restored) ctx.replaceNode(node as MdastTarget, { type: 'paragraph', children: [{ type: 'text', value: restored.text }] });
  }

  private restoreContainer(node: PageNode, ctx: MdastVisitorContext): void {
    if (this.annotations && !this.settings.restore) return;
    const restored = this.restored(node);
    if (!restored) return;
    const children = node.children ?? [];
    const first = children[0];
    const content = first !== undefined && isDirectiveLabel(first) ? children.slice(1) : children;
    const nodes = [fenceParagraph(restored.text), ...content, ...(restored.close !== undefined ? [fenceParagraph(restored.close)] : [])];
    ctx.replaceNode(node as MdastTarget, nodes as unknown as MdastContent[]);
  }

  /**
   * How a directive that is not a claim reads, as the text index reads it
   * (its source, as its author wrote it); undefined when another plugin
   * handled it. In a file that is not a chapter, `:claim` is such a directive too.
   */
  private restored(node: PageNode): RestoredDirective | undefined {
    // The directive on its own, without its content: only its fences (or its text) are read.
    const alone = node.type === 'containerDirective' ? { ...node, children: [] } : node;
    const index = buildTextIndex({ type: 'root', children: [alone] }, { source: this.source, directive: this.annotations ? this.settings.directive : '' });
    return index.restored.find((entry) => entry.node === alone);
  }
}

/**
 * Apply edits through Sätteri's context: nodes are frozen, changes are commands.
 * @param edits the edits.
 * @param ctx the visitor context.
 */
export function applyEdits(edits: readonly ClaimEdit[], ctx: MdastVisitorContext): void {
  for (const edit of edits) {
    if (edit.kind === 'children') ctx.setProperty(edit.node as MdastTarget, 'children', edit.children as MdastTarget[]);
    else ctx.replaceNode(edit.node as MdastTarget, edit.nodes as MdastContent[]);
  }
}
