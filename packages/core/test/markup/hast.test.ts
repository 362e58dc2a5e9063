import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { dataTable, externalLink, headedRow, labelledSection, scrollableTable, timeElement } from '../../src/markup/hast.js';

describe('hast pieces', () => {
  it('labels a section by its heading, with a class only when given', () => {
    expect(toHtml(labelledSection('h2', 'rp-x', 'Title', ['text']))).toBe('<section aria-labelledby="rp-x"><h2 id="rp-x">Title</h2>text</section>');
    expect(toHtml(labelledSection('h3', 'rp-y', '<b>', [], 'rp-section'))).toBe('<section class="rp-section" aria-labelledby="rp-y"><h3 id="rp-y">&#x3C;b></h3></section>');
  });

  it('puts a table in a focusable, named scroll region', () => {
    expect(toHtml(scrollableTable('rp-t', 'Caption "x"', []))).toBe(
      '<div class="rp-table-scroll" role="region" aria-label="Caption &#x22;x&#x22;" tabindex="0"><table class="rp-t"><caption>Caption "x"</caption></table></div>',
    );
  });

  it('heads columns and rows with scoped headers', () => {
    const html = toHtml(dataTable('rp-t', 'C', ['A', 'B'], [headedRow(['1', timeElement('2026-01-02')])]));
    expect(html).toContain('<thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead>');
    expect(html).toContain('<tbody><tr><th scope="row">1</th><td><time datetime="2026-01-02">2026-01-02</time></td></tr></tbody>');
    expect(toHtml(headedRow([]))).toBe('<tr><th scope="row"></th></tr>');
  });

  it('links only safe URLs, DOIs and arXiv ids', () => {
    expect(toHtml({ type: 'root', children: [externalLink('doi:10.1000/x', '10.1000/x')] as never })).toBe(
      '<a href="https://doi.org/10.1000/x" rel="external noopener noreferrer">10.1000/x</a>',
    );
    expect(toHtml({ type: 'root', children: [externalLink('javascript:alert(1)')] as never })).toBe(
      '<span class="rp-unlinked">javascript:alert(1) (not linked: not an http(s) URL, DOI or arXiv id)</span>',
    );
  });
});
