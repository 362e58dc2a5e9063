/**
 * Options shared by `satteriClaims` and `remarkClaims`.
 */
import type { ChapterAnnotations } from '@research-pack/core/render';

/** Options of the claim plugins. */
export interface ClaimsPluginOptions {
  /**
   * The annotations of the chapter at an absolute file path, or `undefined`
   * when the file is not a chapter: then the plugin touches nothing, not even
   * directives. It is handed the source the page is parsed from, so that it
   * can check that its annotations are of that revision of the chapter
   * (`ChapterAnnotations.body`). It may return a promise, while the
   * annotations are still being computed: the plugins then wait for it.
   */
  annotations: (filePath: string, source?: string) => ChapterAnnotations | undefined | Promise<ChapterAnnotations | undefined>;
  /** Name of the claim directive. Default `claim`. */
  directive?: string | undefined;
  /**
   * Turn directives that are not claims back into the text their author
   * wrote (`10:30`, `note:this`, `:::` blocks), as Starlight does. Default
   * true; set false when another plugin later in the pipeline handles them.
   */
  restoreDirectives?: boolean | undefined;
  /**
   * Also restore directives in files that are not chapters (where nothing
   * else is changed; `:claim` there is text too). Turning directives on for
   * the whole site (as Sätteri's `features.directive` does) otherwise breaks
   * `10:30` on every other page. Default false: files that are not chapters
   * are not touched. Leave it off when another plugin (Starlight's) restores
   * directives site-wide.
   */
  restoreOutsideChapters?: boolean | undefined;
  /**
   * Where each claim's popover goes. `'inline'` (default): in the claim's
   * wrapper, after its marker, so the page needs nothing else. `'page'`: the
   * transform emits only the wrapper and the marker (whose `popovertarget`
   * still names the popover's id, which works across the document), and the
   * page renders the chapter's popovers itself, once, from the same
   * annotations (as `@research-pack/astro`'s `ChapterProvenance` does). This
   * keeps the popovers' hast out of the compiled chapter.
   */
  popovers?: 'inline' | 'page' | undefined;
  /**
   * MDX chapters: instead of each claim's marker markup, the chapter imports
   * `name` from the module `from` and calls it when the page renders, as
   * `name(chapterId, claimId)`, for the marker's HTML (as
   * `@research-pack/astro` does, from the model it loaded). The page is the
   * same; only a call per claim is compiled into the chapter. On Sätteri a
   * page read whole (a claim the model could not place) keeps the markup;
   * with `remarkClaims`, every file its processor parses as MDX
   * (`remark-mdx`, as `@mdx-js/mdx` does) calls. Markdown pages keep the markup.
   */
  markerModule?: { from: string; name: string } | undefined;
}
