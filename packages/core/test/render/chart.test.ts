import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { describeCounts, renderStatusChart, statusChart, STATUS_STYLES } from '../../src/render/chart.js';

const counts = { total: 7, supported: 3, qualified: 1, contradicted: 1, unverified: 0, stale: 1, reviewDue: 1 };

function find(node: Element, test: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  visit(node, 'element', (el: Element) => void (test(el) && out.push(el)));
  return out;
}
const text = (node: Element): string => {
  let out = '';
  visit(node, 'text', (t: { value: string }) => void (out += t.value));
  return out;
};

describe('statusChart', () => {
  it('is an image with a title and a description that state every number', () => {
    const svg = statusChart(counts, { id: 'c1', label: 'Chapter 27' });
    expect(svg.tagName).toBe('svg');
    expect(svg.properties.role).toBe('img');
    expect(svg.properties.ariaLabelledBy).toEqual(['c1-title', 'c1-desc']);
    expect(text(find(svg, (el) => el.tagName === 'title')[0]!)).toBe('Claims by status: Chapter 27');
    expect(text(find(svg, (el) => el.tagName === 'desc')[0]!)).toBe('7 claims: 3 supported, 1 qualified, 1 contradicted, 0 unverified, 1 stale, 1 review due.');
  });

  it('stacks one segment per non-empty status across the full width, each with its own pattern', () => {
    const svg = statusChart(counts, { id: 'c1', label: 'x' });
    const segments = find(svg, (el) => el.tagName === 'rect' && el.properties.dataStatus !== undefined);
    expect(segments.map((el) => el.properties.dataStatus)).toEqual(['supported', 'qualified', 'contradicted', 'stale', 'review-due']);
    const widths = segments.map((el) => Number(el.properties.width));
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(480, 1);
    expect(Number(segments[0]!.properties.width)).toBeCloseTo((3 / 7) * 480, 1);
    const patterns = find(svg, (el) => el.tagName === 'pattern');
    expect(new Set(patterns.map((el) => el.properties.id)).size).toBe(6);
    expect(new Set(Object.values(STATUS_STYLES).map((style) => style.pattern)).size).toBe(6);
  });

  it('labels every status with its count in text, so colour is not needed', () => {
    const labels = find(statusChart(counts, { id: 'c', label: 'x' }), (el) => el.tagName === 'text').map(text);
    expect(labels).toEqual(['supported: 3', 'qualified: 1', 'contradicted: 1', 'unverified: 0', 'stale: 1', 'review due: 1']);
  });

  it('says so when there are no claims', () => {
    const empty = { total: 0, supported: 0, qualified: 0, contradicted: 0, unverified: 0, stale: 0, reviewDue: 0 };
    const svg = statusChart(empty, { id: 'e', label: 'x' });
    expect(find(svg, (el) => el.tagName === 'text').map(text)).toContain('No claims recorded');
    expect(describeCounts(empty)).toBe('No claims are recorded.');
  });

  it('renders as SVG markup with safe, unique ids and no script', () => {
    const markup = renderStatusChart(counts, { id: 'rp chart "x"<y>', label: '<script>alert(1)</script>' });
    expect(markup.startsWith('<svg')).toBe(true);
    expect(markup).toContain('viewBox="0 0 480 118"');
    expect(markup).toContain('id="rp-chart--x--y--title"');
    expect(markup).not.toContain('<script');
    const tree = fromHtml(markup, { fragment: true });
    let scripts = 0;
    visit(tree, 'element', (el: Element) => void (el.tagName === 'script' && scripts++));
    expect(scripts).toBe(0);
    expect(renderStatusChart(counts, { id: 'a', label: 'b' })).toBe(renderStatusChart(counts, { id: 'a', label: 'b' }));
  });
});
