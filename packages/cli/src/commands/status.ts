/**
 * `research-pack status`: the book-wide research report in a terminal.
 */
import { formatTextHashHints, textHashHintsOfModel } from '@research-pack/core/model';
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
  if (format === 'text') io.stderr(formatTextHashHints(textHashHintsOfModel(model)));
  return EXIT.ok;
};
