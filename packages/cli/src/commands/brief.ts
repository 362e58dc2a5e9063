/**
 * `research-pack brief <book>/<chapter>`: print a chapter's research brief.
 */
import { renderBrief } from '@research-pack/core/render';
import { expectPositionals } from '../args.js';
import { EXIT } from '../io.js';
import { chapterIn, projectOptions, requireWorkingModel, saySetAside, siteUrlsFrom } from '../project.js';
import type { Command } from './types.js';

/** Print the brief, byte-identical to the built brief.md. */
export const brief: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 1, '<book>/<chapter>');
  const project = await projectOptions(values, io);
  const urls = siteUrlsFrom(values, io, project.config);
  // Another chapter's errors do not stop this one's brief (they are said on standard error).
  const working = requireWorkingModel(project, io, true);
  const { book, chapter } = chapterIn(working, positionals[0]!);
  saySetAside(io, working.setAside);
  // A brief goes to someone outside the site: root-relative links lead nowhere there (an outside author mailed one). Astro's
  // `site` is in astro.config, which the CLI does not run.
  if (urls.site === '') {
    io.stderr(
      "note: no site URL, so the brief's links are root-relative (/…) and lead nowhere outside the site: give --site <url>, or `site` in the project's research-pack.config (the CLI does not read Astro's config)\n",
    );
  }
  io.stdout(renderBrief(book, chapter, urls));
  return EXIT.ok;
};
