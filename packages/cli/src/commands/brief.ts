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
  io.stdout(renderBrief(book, chapter, urls));
  return EXIT.ok;
};
