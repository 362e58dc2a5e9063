/**
 * `research-pack status`: the book-wide research report in a terminal.
 */
import path from 'node:path';
import { loadSidecar, readTextFile } from '@research-pack/core/load';
import { formatTextHashHints, textHashHintsOfModel, textHashHintsOfSidecar, type TextHashHint } from '@research-pack/core/model';
import { buildStatusReport, renderStatusReportJson } from '@research-pack/core/render';
import { expectPositionals, formatOption } from '../args.js';
import { EXIT } from '../io.js';
import { loadProject, projectOptions, requireModel, saySetAside, siteUrlsFrom, workingModel } from '../project.js';
import { renderStatusTable } from '../status-table.js';
import type { Command } from './types.js';

/** Print the report as a table, or as report.json. */
export const status: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 0, 'no arguments');
  const format = formatOption(values);
  const project = await projectOptions(values, io);
  const urls = siteUrlsFrom(values, io, project.config);
  const loaded = loadProject(project);
  // In a terminal, a chapter with errors of its own does not hide where the others stand (an outside author's finding):
  // the table shows the others, names it below, and the exit code is still the errors'. report.json is all or nothing.
  const working = format === 'text' ? workingModel(project, io, loaded, true) : undefined;
  const model = working?.model ?? requireModel(project, loaded);
  const report = buildStatusReport(model, urls);
  io.stdout(format === 'json' ? renderStatusReportJson(report) : renderStatusTable(report));
  if (working && working.setAside.length > 0) {
    io.stdout(`\nSet aside for their errors, not counted above: ${working.setAside.map((aside) => `${aside.book}/${aside.chapter} (${aside.errors.length} error${aside.errors.length === 1 ? '' : 's'})`).join(', ')}\n`);
    saySetAside(io, working.setAside);
    return EXIT.problems;
  }
  // Claims stale for want of a textHash, and the command that records it (stderr: the table stays the result).
  if (format === 'text') io.stderr(formatTextHashHints(located(project.root, textHashHintsOfModel(model))));
  return EXIT.ok;
};

/**
 * The hints with the line and column of each verdict, as `check` gives
 * them: each claims sidecar that has any is read again for the places
 * (the model keeps none); one that cannot be read keeps its hints unplaced.
 */
function located(root: string, hints: readonly TextHashHint[]): TextHashHint[] {
  const files = new Map<string, string>();
  for (const hint of hints) files.set(hint.file, hint.chapter);
  const placed = new Map<string, TextHashHint>();
  for (const [file, chapter] of files) {
    const read = readTextFile(path.join(root, file), { root });
    if (read.status !== 'read') continue;
    for (const hint of textHashHintsOfSidecar(loadSidecar('claims', read.text, file), chapter)) placed.set(`${file}\0${hint.claim}`, hint);
  }
  return hints.map((hint) => placed.get(`${hint.file}\0${hint.claim}`) ?? hint);
}
