/**
 * `research-pack brief <book>/<chapter>`: print a chapter's research brief.
 */
import { renderBrief } from '@research-pack/core/render';
import { expectPositionals } from '../args.js';
import { EXIT } from '../io.js';
import { findChapter, projectOptions, requireModel, siteUrlsFrom } from '../project.js';
import type { Command } from './types.js';

/** Print the brief, byte-identical to the built brief.md. */
export const brief: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 1, '<book>/<chapter>');
  const project = await projectOptions(values, io);
  const urls = siteUrlsFrom(values, io, project.config);
  const model = requireModel(project);
  const { book, chapter } = findChapter(model, positionals[0]!);
  io.stdout(renderBrief(book, chapter, urls));
  return EXIT.ok;
};
