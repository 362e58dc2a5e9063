/**
 * A stacked bar of a chapter's claims by status, as static SVG markup built at
 * build time: no script, `role="img"` with a `<title>` and `<desc>` that say
 * every number, and each status drawn with its own pattern and named in a
 * text legend with its count, so nothing depends on colour alone.
 */
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { s } from 'hastscript';
import type { DisplayStatus } from '../model/types.js';
import { statusKey } from '../model/queries.js';
import { DISPLAY_STATUSES, STATUS_WORD } from '../model/words.js';
import type { StatusCounts } from '../schema/status-report.js';

/** Options of a status chart. */
export interface StatusChartOptions {
  /** Prefix for the chart's element ids; unique within the page (unsafe characters are replaced). */
  id: string;
  /** What the chart counts, e.g. `Chapter 27: The Session File Format`. */
  label: string;
}

/** How each status is drawn: a fill colour and a pattern that tells it apart without colour. */
export const STATUS_STYLES: Readonly<Record<DisplayStatus, { color: string; pattern: string }>> = Object.freeze({
  supported: { color: '#009E73', pattern: 'solid' },
  qualified: { color: '#E69F00', pattern: 'diagonal stripes' },
  contradicted: { color: '#D55E00', pattern: 'cross-hatching' },
  unverified: { color: '#8C8C8C', pattern: 'dots' },
  stale: { color: '#CC79A7', pattern: 'horizontal stripes' },
  'review-due': { color: '#0072B2', pattern: 'reverse diagonal stripes' },
});

const WIDTH = 480;
const BAR_Y = 4;
const BAR_HEIGHT = 24;
const LEGEND_Y = 40;
// Two legend columns at 16px: the chart scales down to fit a phone (about
// 3/4 size at 360px), and the legend must stay legible there.
const ROW_HEIGHT = 26;
const COLUMNS = 2;
const FONT_SIZE = 16;
const SWATCH = 16;
const HEIGHT = LEGEND_Y + ROW_HEIGHT * Math.ceil(DISPLAY_STATUSES.length / COLUMNS);

/**
 * A stacked bar chart of claims by status.
 * @param counts the claims counted by status.
 * @param options the id prefix and the label.
 * @returns an `<svg>` hast element.
 */
export function statusChart(counts: StatusCounts, options: StatusChartOptions): Element {
  const id = options.id.replace(/[^A-Za-z0-9_-]/g, '-');
  const patternId = (status: DisplayStatus) => `${id}-pattern-${status}`;
  const children: Element[] = [
    s('title', { id: `${id}-title` }, `Claims by status: ${options.label}`),
    s('desc', { id: `${id}-desc` }, describeCounts(counts)),
    s('defs', DISPLAY_STATUSES.map((status) => pattern(patternId(status), status))),
  ];
  if (counts.total === 0) {
    children.push(
      s('rect', { x: 0.5, y: BAR_Y + 0.5, width: WIDTH - 1, height: BAR_HEIGHT - 1, fill: 'none', stroke: 'currentColor', strokeDasharray: '4 3' }),
      s('text', { x: WIDTH / 2, y: BAR_Y + BAR_HEIGHT / 2 + 5, textAnchor: 'middle', fill: 'currentColor', fontSize: FONT_SIZE }, 'No claims recorded'),
    );
  } else {
    let done = 0;
    for (const status of DISPLAY_STATUSES) {
      const value = counts[statusKey(status)];
      if (value === 0) continue;
      const x0 = round((done / counts.total) * WIDTH);
      done += value;
      const x1 = round((done / counts.total) * WIDTH);
      children.push(s('rect', { x: x0, y: BAR_Y, width: round(x1 - x0), height: BAR_HEIGHT, fill: `url(#${patternId(status)})`, dataStatus: status }));
    }
    children.push(s('rect', { x: 0.5, y: BAR_Y + 0.5, width: WIDTH - 1, height: BAR_HEIGHT - 1, fill: 'none', stroke: 'currentColor' }));
  }
  DISPLAY_STATUSES.forEach((status, index) => {
    const x = (index % COLUMNS) * (WIDTH / COLUMNS);
    const y = LEGEND_Y + Math.floor(index / COLUMNS) * ROW_HEIGHT;
    children.push(
      s('rect', { x: x + 0.5, y: y + 0.5, width: SWATCH, height: SWATCH, fill: `url(#${patternId(status)})`, stroke: 'currentColor' }),
      s('text', { x: x + SWATCH + 8, y: y + SWATCH - 2, fill: 'currentColor', fontSize: FONT_SIZE }, `${STATUS_WORD[status]}: ${counts[statusKey(status)]}`),
    );
  });
  return s(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      className: ['rp-chart'],
      role: 'img',
      ariaLabelledBy: `${id}-title ${id}-desc`,
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      width: WIDTH,
      height: HEIGHT,
      fontFamily: 'system-ui, sans-serif',
    },
    children,
  );
}

/**
 * The status chart as SVG markup.
 * @param counts the claims counted by status.
 * @param options the id prefix and the label.
 * @returns the `<svg>` element as a string.
 */
export function renderStatusChart(counts: StatusCounts, options: StatusChartOptions): string {
  return toHtml(statusChart(counts, options), { space: 'svg' });
}

/**
 * The counts in words, as the chart's description.
 * @param counts the claims counted by status.
 * @returns e.g. `6 claims: 1 supported, 1 qualified, …, 1 review due.`
 */
export function describeCounts(counts: StatusCounts): string {
  if (counts.total === 0) return 'No claims are recorded.';
  const parts = DISPLAY_STATUSES.map((status) => `${counts[statusKey(status)]} ${STATUS_WORD[status]}`);
  return `${counts.total} ${counts.total === 1 ? 'claim' : 'claims'}: ${parts.join(', ')}.`;
}

function pattern(id: string, status: DisplayStatus): Element {
  const { color } = STATUS_STYLES[status];
  const background = s('rect', { width: 8, height: 8, fill: color });
  const stroke = { stroke: '#ffffff', strokeOpacity: 0.75, strokeWidth: 2 };
  const base = { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse' };
  switch (status) {
    case 'supported':
      return s('pattern', base, [background]);
    case 'qualified':
      return s('pattern', { ...base, patternTransform: 'rotate(45)' }, [background, s('line', { x1: 0, y1: 0, x2: 0, y2: 8, ...stroke })]);
    case 'review-due':
      return s('pattern', { ...base, patternTransform: 'rotate(-45)' }, [background, s('line', { x1: 0, y1: 0, x2: 0, y2: 8, ...stroke })]);
    case 'contradicted':
      return s('pattern', { ...base, patternTransform: 'rotate(45)' }, [
        background,
        s('line', { x1: 0, y1: 0, x2: 0, y2: 8, ...stroke }),
        s('line', { x1: 0, y1: 0, x2: 8, y2: 0, ...stroke }),
      ]);
    case 'unverified':
      return s('pattern', base, [background, s('circle', { cx: 4, cy: 4, r: 1.75, fill: '#ffffff', fillOpacity: 0.85 })]);
    case 'stale':
      return s('pattern', base, [background, s('line', { x1: 0, y1: 4, x2: 8, y2: 4, ...stroke })]);
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
