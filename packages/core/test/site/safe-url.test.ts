import { describe, expect, it } from 'vitest';
import { arxivUrl, doiUrl, httpUrl, safeHref, sourceHref } from '../../src/site/safe-url.js';

describe('safeHref', () => {
  it('links http(s) URLs, DOIs and arXiv ids', () => {
    expect(safeHref('https://jsonlines.org/')).toBe('https://jsonlines.org/');
    expect(safeHref('HTTP://Example.org/a b')).toBe('http://example.org/a%20b');
    expect(safeHref('10.1145/3368089.3409742')).toBe('https://doi.org/10.1145/3368089.3409742');
    expect(safeHref('doi:10.17487/RFC8259')).toBe('https://doi.org/10.17487/RFC8259');
    expect(safeHref('https://doi.org/10.1000/x<y>')).toBe('https://doi.org/10.1000/x%3Cy%3E');
    expect(safeHref('1508.06576v2')).toBe('https://arxiv.org/abs/1508.06576v2');
    expect(safeHref('arxiv:hep-th/9901001')).toBe('https://arxiv.org/abs/hep-th/9901001');
  });

  it('shows everything else as text', () => {
    for (const value of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>', 'vbscript:x', '/relative', '//evil.example', 'ftp://x.org', 'https://', 'https://user:pw@example.org', 'mailto:a@b.c', '']) {
      expect(safeHref(value), value).toBeUndefined();
    }
    expect(httpUrl('java\nscript:alert(1)')).toBeUndefined();
  });

  it('builds DOI and arXiv links with encoded segments', () => {
    expect(doiUrl('10.1000/a?b#c')).toBe('https://doi.org/10.1000/a%3Fb%23c');
    expect(arxivUrl('2101.00001v1')).toBe('https://arxiv.org/abs/2101.00001v1');
  });

  it('links a source by URL, then DOI, then arXiv id', () => {
    expect(sourceHref({ url: 'https://a.org/', identifiers: { doi: '10.1/x' } })).toBe('https://a.org/');
    expect(sourceHref({ identifiers: { doi: '10.1000/x', arxiv: '1508.06576v2' } })).toBe('https://doi.org/10.1000/x');
    expect(sourceHref({ identifiers: { arxiv: '1508.06576v2' } })).toBe('https://arxiv.org/abs/1508.06576v2');
    expect(sourceHref({ url: 'javascript:alert(1)', identifiers: {} })).toBeUndefined();
  });
});
