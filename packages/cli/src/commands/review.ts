/**
 * `research-pack review [<book>[/<chapter>]]`: what awaits the author's
 * decision, with a handle per item; `--interactive` walks through it in a
 * terminal and writes the decisions as one edit at the end.
 */
import path from 'node:path';
import { readBookFile } from '@research-pack/core/load';
import { reviewQueue, type BookModel, type ChapterModel, type ResearchModel } from '@research-pack/core/model';
import { closest } from '@research-pack/core/problems';
import { passAudit, type PassReports } from '@research-pack/core/review';
import { formatOption } from '../args.js';
import { CliError, EXIT } from '../io.js';
import { findChapter, projectOptions, saySetAside, setAsideError, setAsideNamed, type ProjectOptions } from '../project.js';
import { parseReportMarkdown } from '../report-markdown.js';
import { renderQueueJson } from '../review/queue-json.js';
import { renderQueueText, type AuditOf } from '../review/queue-text.js';
import { modelForDecisions } from '../review/run-decisions.js';
import type { Command } from './types.js';

/** List what awaits review, or walk through it. */
export const review: Command = async (positionals, values, io) => {
  if (positionals.length > 1) throw new CliError(`expected at most one <book>[/<chapter>], got ${positionals.map((p) => `"${p}"`).join(' ')}`);
  const format = formatOption(values);
  const interactive = values.interactive === true;
  if (interactive && format === 'json') throw new CliError('--interactive walks through the items in a terminal; it has no --format json');
  if (!interactive) for (const name of ['by', 'date', 'dry-run']) if (values[name] !== undefined) throw new CliError(`--${name} is for --interactive; to decide on one item, use the decision commands (research-pack accept --help)`);
  if (interactive && io.stdinTty !== true) {
    throw new CliError('--interactive needs a terminal: standard input is not one. Decide with the commands instead (accept, reject, accept-claim, verdict, reviewed; `research-pack review` lists the handles)');
  }
  const options = await projectOptions(values, io);
  const working = await modelForDecisions(options, [], io, true);
  const { model } = working;
  // A chapter set aside for its errors is refused with them; the others are listed, after a warning that names it.
  const aside = positionals[0] === undefined ? undefined : setAsideNamed(working.setAside, positionals[0]);
  if (aside) throw setAsideError(aside);
  const chapters = chaptersOf(model, positionals[0]);
  saySetAside(io, working.setAside);
  const queues = chapters.map(({ chapter }) => reviewQueue(model, chapter));
  const audit = auditReader(options);
  if (interactive) {
    const { walk } = await import('../review/interactive.js');
    return walk({ options, queues, values, io, audit });
  }
  if (format === 'json') io.stdout(renderQueueJson(queues, model.asOf, audit));
  else io.stdout(queues.map((queue) => renderQueueText(queue, audit)).join('\n'));
  return EXIT.ok;
};

/**
 * What the passes' claim audits say, each report read once from the book's
 * folder under the file policy; a report that is gone, or refused, shows nothing.
 */
function auditReader(options: ProjectOptions): AuditOf {
  const audits = new Map<string, ReturnType<typeof passAudit>>();
  const reports: PassReports = {
    read: (book, report) => {
      const read = readBookFile(options.root, path.join(options.root, options.contentDir, book, ...report.split('/')));
      return read.status === 'read' ? read.text : undefined;
    },
    parse: parseReportMarkdown,
  };
  return (chapter, pass, claim) => {
    const key = `${chapter.book}/${chapter.slug}\0${pass.date}\0${pass.report ?? ''}`;
    let audit = audits.get(key);
    if (!audit) audits.set(key, (audit = passAudit(chapter, pass, reports)));
    return 'error' in audit ? undefined : audit.get(claim);
  };
}

/** The chapters a `<book>[/<chapter>]` names; every chapter without one. */
function chaptersOf(model: ResearchModel, spec: string | undefined): Array<{ book: BookModel; chapter: ChapterModel }> {
  const all = model.books.flatMap((book) => book.chapters.map((chapter) => ({ book, chapter })));
  if (spec === undefined) return all;
  const trimmed = spec.replace(/\/+$/, '');
  if (!trimmed.includes('/') && !/\.mdx?$/i.test(trimmed)) {
    const book = model.books.find((candidate) => candidate.slug === trimmed);
    if (book) return book.chapters.map((chapter) => ({ book, chapter }));
    // A chapter of the one book (`27-chapter`), as every command takes it.
    if (model.books.length === 1 && model.books[0]!.chapters.some((chapter) => chapter.slug === trimmed)) return [findChapter(model, trimmed)];
    // A slip of a book's name, or of a chapter's in a project of one book ("28-chap").
    const only = model.books.length === 1 ? model.books[0]! : undefined;
    const guess = closest(trimmed, [...model.books.map((b) => b.slug), ...(only ? only.chapters.map((chapter) => chapter.slug) : [])]);
    const meant = guess && only?.chapters.some((chapter) => chapter.slug === guess) ? `${only.slug}/${guess}` : guess;
    throw new CliError(`no book or chapter "${trimmed}"${meant ? ` (did you mean "${meant}"?)` : ''}; books: ${model.books.map((b) => b.slug).join(', ') || '(none)'}`);
  }
  return [findChapter(model, trimmed)];
}
