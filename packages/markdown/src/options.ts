/**
 * Options shared by `satteriClaims` and `remarkClaims`.
 */
import type { ChapterAnnotations } from '@research-pack/core';

/** Options of the claim plugins. */
export interface ClaimsPluginOptions {
  /**
   * The annotations of the chapter at an absolute file path, or `undefined`
   * when the file is not a chapter: then the plugin touches nothing, not even
   * directives.
   */
  annotations: (filePath: string) => ChapterAnnotations | undefined;
  /** Name of the claim directive. Default `claim`. */
  directive?: string | undefined;
  /**
   * Turn directives that are not claims back into the text their author
   * wrote (`10:30`, `note:this`, `:::` blocks), as Starlight does. Default
   * true; set false when another plugin later in the pipeline handles them.
   */
  restoreDirectives?: boolean | undefined;
}
