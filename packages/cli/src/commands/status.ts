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
export const status: Command = async (positionals, values, io) => {
  expectPositionals(positionals, 0, 'no arguments');
  const format = formatOption(values);
  const project = await projectOptions(values, io);
  const urls = siteUrlsFrom(values, io, project.config);
  const report = buildStatusReport(requireModel(project), urls);
  io.stdout(format === 'json' ? renderStatusReportJson(report) : renderStatusTable(report));
  return EXIT.ok;
};
