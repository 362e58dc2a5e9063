/**
 * `research-pack status`: the book-wide research report in a terminal.
 */
import { buildStatusReport, renderStatusReportJson } from '@research-pack/core';
import { expectPositionals, formatOption } from '../args.js';
import { EXIT } from '../io.js';
import { projectOptions, requireModel, siteUrlsFrom } from '../project.js';
import { renderStatusTable } from '../status-table.js';
import type { Command } from './types.js';

/** Print the report as a table, or as report.json. */
export const status: Command = (positionals, values, io) => {
  expectPositionals(positionals, 0, 'no arguments');
  const format = formatOption(values);
  const urls = siteUrlsFrom(values, io);
  const report = buildStatusReport(requireModel(projectOptions(values, io)), urls);
  io.stdout(format === 'json' ? renderStatusReportJson(report) : renderStatusTable(report));
  return EXIT.ok;
};
