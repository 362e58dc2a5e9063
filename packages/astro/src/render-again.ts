/**
 * Rendering a Markdown chapter again, as Astro's content layer renders a
 * `.md` entry (its body, frontmatter cut off and trimmed, through the
 * site's Markdown processor with every plugin), for a page whose cached
 * render was marked from other annotations than the current ones: the
 * content layer keeps a render until the chapter's file changes, so a
 * sidecar edit, or a render made while the book had errors, would
 * otherwise be served as it was.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroConfig } from 'astro';
import { readBookFile } from '@research-pack/core/load';
import { chapterBody } from '@research-pack/core/text';
import type { RenderAgain } from './state.js';

type Renderer = Awaited<ReturnType<NonNullable<AstroConfig['markdown']['processor']>['createRenderer']>>;

/**
 * A renderer with the site's Markdown settings.
 * @param config the final Astro config.
 * @param root the absolute project root (entries name files relative to it).
 * @returns the function pages call with an entry's file.
 */
export function markdownRenderer(config: AstroConfig, root: string): RenderAgain {
  let renderer: Promise<Renderer> | undefined;
  return async (file) => {
    const { markdown, image } = config;
    // What the content layer hands the processor (Astro's types are looser than the processor's).
    const shared = { image, syntaxHighlight: markdown.syntaxHighlight, shikiConfig: markdown.shikiConfig, gfm: markdown.gfm, smartypants: markdown.smartypants };
    renderer ??= markdown.processor.createRenderer(shared as Parameters<typeof markdown.processor.createRenderer>[0]);
    const absolute = path.resolve(root, file);
    // Under the file policy, as the model read it; a file it now refuses is not rendered again (the next check reports it).
    const read = readBookFile(root, absolute);
    if (read.status !== 'read') return undefined;
    const source = read.text;
    const body = source.slice(chapterBody(source).start).trimEnd();
    const result = await (await renderer).render(body, { frontmatter: {}, fileURL: pathToFileURL(absolute) });
    // Images are resolved by the content layer's own render path, which this is not.
    if ((result.metadata.localImagePaths?.length ?? 0) > 0 || (result.metadata.remoteImagePaths?.length ?? 0) > 0) return undefined;
    return result.code;
  };
}
