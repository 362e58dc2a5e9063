/**
 * `research-pack status`: the book-wide research report in a terminal.
 */
import path from 'node:path';
import { loadSidecar, readTextFile } from '@research-pack/core/load';
import { formatTextHashHints, textHashHintsOfModel, textHashHintsOfSidecar, type TextHashHint } from '@research-pack/core/model';
import { buildStatusReport, renderStatusReportJson } from '@research-pack/core/render';
import { expectPositionals, formatOption } from '../args.js';
import { EXIT } from '../io.js';
import { projectOptions, requireModel, siteUrlsFrom } from '../project.js';
import { renderStatusTable } from '../status-table.js';
import type { Command } from './types.js';

/** Print the report as a table, or as report.json. */
export const status: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 0, 'no arguments');
  const format = formatOption(values);
  const project = await projectOptions(values, io);
  const urls = siteUrlsFrom(values, io, project.config);
  const model = requireModel(project);
  const report = buildStatusReport(model, urls);
  io.stdout(format === 'json' ? renderStatusReportJson(report) : renderStatusTable(report));
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
