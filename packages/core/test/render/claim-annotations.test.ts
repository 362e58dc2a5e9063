import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { accessibleName, chapterPopoversHtml, claimAnnotations, claimPopoversHtml, NO_POPOVER } from '../../src/render/claim-annotations.js';
import { makeChapter, makeEvidence, makeSource, SESSION_PROSE } from '../model-factory.js';

const chapter = makeChapter({
  snapshot: `${SESSION_PROSE}\n\nThe header is not part of the entry tree.\n`,
  claims: [
    { id: 'jsonl', quote: 'one JSON object per line', status: 'supported', date: '2026-10-12', rationale: 'The format description says so.', evidence: ['ev-a', 'ev-b', 'ev-lead'] },
    { id: 'header', quote: 'The header is not part of the entry tree.', status: 'qualified', date: '2026-10-12', stale: 'fuzzy-anchor' },
    { id: 'skip', quote: 'should skip it rather than fail', status: 'contradicted', date: '2026-01-01', reviewDue: true, evidence: ['ev-old'] },
    { id: 'versions', quote: 'There are three format versions.', directive: true },
  ],
  sources: [
    makeSource({ id: 'jsonl', title: 'JSON Lines', url: 'https://jsonlines.org/', reading: 'full-text', accessed: '2026-10-01' }),
    makeSource({ id: 'rfc', title: 'RFC 8259', identifiers: { doi: '10.17487/RFC8259' }, reading: 'abstract-only', accessed: '2026-10-02' }),
    makeSource({ id: 'blog', title: 'A <script>alert(1)</script> post', url: 'https://example.org/post', reading: 'not-accessible', accessed: '2026-10-03' }),
  ],
  evidence: [
    makeEvidence({ id: 'ev-a', source: 'jsonl', claims: ['jsonl'], relation: 'supports', class: 'background', locator: 'Section 1' }),
    makeEvidence({ id: 'ev-b', source: 'rfc', claims: ['jsonl'], relation: 'qualifies', class: 'reported' }),
    makeEvidence({ id: 'ev-lead', source: 'blog', claims: ['jsonl'], relation: 'unresolved', class: 'hypothesis', status: 'lead' }),
    makeEvidence({ id: 'ev-old', source: 'jsonl', claims: ['skip'], relation: 'contradicts', class: 'reproduced', recorded: '2024-01-01' }),
  ],
});

const annotations = claimAnnotations(chapter, { packUrl: '/research/books/pi/27-chapter/' });
const byId = (id: string) => annotations.claims.find((claim) => claim.id === id)!;

function elements(node: Element | ElementContent): Element[] {
  if (node.type !== 'element') return [];
  return [node, ...node.children.flatMap(elements)];
}

describe('claimAnnotations', () => {
  it('lists the chapter and its claims in document order', () => {
    expect(annotations.chapter).toBe('pi-27-chapter');
    expect(annotations.file).toBe('content/books/pi/27-chapter.mdx');
    expect(annotations.claims.map((claim) => claim.id)).toEqual(['jsonl', 'header', 'versions', 'skip']);
  });

  it('wraps each claim in an element with its id and status', () => {
    expect(byId('jsonl').wrapper).toEqual({ className: ['rp-claim'], id: 'rp-claim-jsonl', dataClaimId: 'jsonl', dataStatus: 'supported' });
    expect(byId('header').wrapper['dataStatus']).toBe('stale');
    expect(byId('skip').wrapper['dataStatus']).toBe('review-due');
  });

  it('gives the marker a symbol, a word and an accessible name', () => {
    expect(toHtml(byId('jsonl').marker)).toBe(
      '<button type="button" class="rp-marker" popovertarget="rp-claim-jsonl-details" aria-label="Claim, supported: 2 validated sources, 1 lead" data-pagefind-ignore><span class="rp-marker-symbol" aria-hidden="true">✓</span> <span class="rp-marker-word">supported</span><span class="rp-visually-hidden rp-print"> (2 validated sources, 1 lead)</span></button>',
    );
    expect(byId('header').marker.properties['ariaLabel']).toBe('Claim, stale, was qualified: no sources');
    expect(byId('skip').marker.properties['ariaLabel']).toBe('Claim, contradicted, review due: 1 source');
    expect(toHtml(byId('skip').marker)).toContain('>↻</span> <span class="rp-marker-word">review due</span>');
    // The name is not repeated as a description (as a `title` would be).
    expect(byId('jsonl').marker.properties['title']).toBeUndefined();
  });

  it("says of a source nobody could open that it is said to state what the lead reports (an outside author's finding)", () => {
    const unread = makeChapter({
      snapshot: SESSION_PROSE,
      claims: [{ id: 'jsonl', quote: 'one JSON object per line', evidence: ['ev-r'] }],
      sources: [makeSource({ id: 'blog', title: 'A post', url: 'https://example.org/post', reading: 'not-accessible', accessed: '2026-10-03' })],
      evidence: [makeEvidence({ id: 'ev-r', source: 'blog', claims: ['jsonl'], relation: 'supports', class: 'reported', status: 'lead' })],
    });
    const html = toHtml(claimAnnotations(unread, {}).claims[0]!.popover);
    expect(html).toContain('<span class="rp-relation">supports</span> · said to be stated in the source · ');
    expect(html).toContain('(not accessible, accessed 2026-10-03)');
  });

  it('builds a popover of phrasing content that the marker opens', () => {
    const { marker, popover } = byId('jsonl');
    expect(popover.properties['id']).toBe(marker.properties['popoverTarget']);
    expect(popover.properties).toMatchObject({ popover: 'auto', role: 'dialog', ariaLabel: 'Claim, supported: 2 validated sources, 1 lead' });
    const tags = new Set(elements(popover).map((element) => element.tagName));
    expect([...tags].sort()).toEqual(['a', 'button', 'span', 'strong', 'time']);
    expect(toHtml(popover)).toBe(
      [
        '<span class="rp-popover" id="rp-claim-jsonl-details" popover="auto" role="dialog" aria-label="Claim, supported: 2 validated sources, 1 lead" data-pagefind-ignore>',
        '<span class="rp-block-verdict"><strong>Verdict: supported</strong>, <time datetime="2026-10-12">2026-10-12</time></span>',
        '<span class="rp-block-rationale">The format description says so.</span>',
        '<span class="rp-block-evidence" role="list" aria-label="Evidence">',
        '<span class="rp-row" role="listitem" data-relation="supports" data-evidence-status="validated"><span class="rp-relation">supports</span> · background reading · <span class="rp-evidence-status">validated</span>: <a href="https://jsonlines.org/">JSON Lines</a> <span class="rp-muted">(Section 1, full text read, accessed 2026-10-01)</span></span>',
        '<span class="rp-row" role="listitem" data-relation="qualifies" data-evidence-status="validated"><span class="rp-relation">qualifies</span> · stated in the source · <span class="rp-evidence-status">validated</span>: <a href="https://doi.org/10.17487/RFC8259">RFC 8259</a> <span class="rp-muted">(abstract only, accessed 2026-10-02)</span></span>',
        '<span class="rp-row" role="listitem" data-relation="unresolved" data-evidence-status="lead"><span class="rp-relation">unresolved</span> · a hypothesis · <span class="rp-evidence-status">lead, not yet verified</span>: <a href="https://example.org/post">A &#x3C;script>alert(1)&#x3C;/script> post</a> <span class="rp-muted">(not accessible, accessed 2026-10-03)</span></span>',
        '</span>',
        '<span class="rp-block-actions">',
        '<a class="rp-block-pack" href="/research/books/pi/27-chapter/#rp-audit-jsonl">Research pack for this chapter</a>',
        '<button type="button" class="rp-close" popovertarget="rp-claim-jsonl-details" popovertargetaction="hide">Close</button>',
        '</span>',
        '</span>',
      ].join(''),
    );
  });

  it('says when a claim is stale or due for review, and when it has no evidence', () => {
    const html = toHtml(byId('header').popover);
    expect(html).toContain('<strong>Stale. </strong>The text of this claim changed since the verdict was given; it needs a new review.');
    expect(html).toContain('No evidence recorded yet.');
    expect(toHtml(byId('skip').popover)).toContain('<strong>Review due. </strong>');
  });

  it('never links a source whose URL is not http(s)', () => {
    const hostile = makeChapter({
      claims: [{ id: 'c', quote: 'one JSON object per line', evidence: ['e'] }],
      sources: [makeSource({ id: 's', title: 'x" onmouseover="alert(1)', url: 'javascript:alert(1)' })],
      evidence: [makeEvidence({ id: 'e', source: 's', claims: ['c'] })],
    });
    const html = toHtml(claimAnnotations(hostile).claims[0]!.popover);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<a ');
    expect(html).toContain('<cite>x" onmouseover="alert(1)</cite>');
  });

  it('omits the pack link without a pack URL and refuses unsafe ones', () => {
    expect(toHtml(claimAnnotations(chapter).claims[0]!.popover)).not.toContain('rp-block-pack');
    expect(() => claimAnnotations(chapter, { packUrl: 'javascript:alert(1)' })).toThrow(/packUrl must be a root-relative path or an http\(s\) URL/);
    expect(() => claimAnnotations(chapter, { packUrl: '//evil.example/' })).toThrow();
  });

  it('tells the page which occurrence of a quote is meant', () => {
    const twice = makeChapter({ snapshot: 'Same words. Same words.\n', claims: [{ id: 'c', quote: 'Same words.' }] });
    const claim = twice.claims[0]!;
    const second = { ...claim, location: { ...claim.location, start: 12, end: 23 }, selectors: { ...claim.selectors, position: { type: 'TextPositionSelector' as const, start: 12, end: 23 } } };
    expect(claimAnnotations({ ...twice, claims: [second] }).claims[0]!.anchor).toEqual({
      type: 'quote',
      exact: 'Same words.',
      prefix: '',
      suffix: ' Same words.\n',
      occurrence: 1,
      occurrences: 2,
    });
  });

  it("says who gave the verdict and the concern still open, where the record has them (an outside reader's findings)", () => {
    const recorded = makeChapter({
      snapshot: 'Every fork records its parent.\n',
      claims: [{ id: 'fork', quote: 'Every fork records its parent.', status: 'unverified', by: 'J. Author', concern: '"Every" may not hold for a session cloned by hand.' }],
    });
    const html = toHtml(claimAnnotations(recorded).claims[0]!.popover);
    expect(html).toContain('<span class="rp-block-verdict"><strong>Verdict: unverified</strong>, by J. Author</span>');
    expect(html).toContain('<span class="rp-block-note rp-note-concern"><strong>Open concern. </strong>"Every" may not hold for a session cloned by hand.</span>');
    // Without them, nothing is said of them.
    expect(toHtml(claimAnnotations(chapter).claims[0]!.popover)).not.toMatch(/, by |rp-note-concern/);
  });

  it("explains a stale claim in a reader's words (an outside author's finding: \"does not record which text it reviewed\")", () => {
    const unhashed = makeChapter({ snapshot: 'The header is not part of the entry tree.\n', claims: [{ id: 'h', quote: 'The header is not part of the entry tree.', status: 'supported', date: '2026-10-12', stale: 'no-text-hash' }] });
    expect(toHtml(claimAnnotations(unhashed).claims[0]!.popover)).toContain(
      '<span class="rp-block-note rp-note-stale"><strong>Stale. </strong>The verdict does not say which wording of this claim it was given on, so it may not fit the words above.</span>',
    );
  });

  it('names claims for assistive technology', () => {
    const claim = chapter.claims[0]!;
    expect(accessibleName(claim, 2)).toBe('Claim, supported: 2 sources');
    const unverified = { ...claim, status: 'unverified' as const, claim: { ...claim.claim, verdict: { status: 'unverified' as const } } };
    expect(accessibleName(unverified, 0)).toBe('Claim, unverified: no sources');
    // A lead is evidence not verified yet: it is never counted as a source.
    expect(accessibleName(unverified, { sources: 0, leads: 3 })).toBe('Claim, unverified: no validated sources, 3 leads');
    expect(accessibleName(claim, { sources: 1, leads: 1 })).toBe('Claim, supported: 1 validated source, 1 lead');
    expect(accessibleName(claim, { sources: 2, leads: 0 })).toBe('Claim, supported: 2 sources');
  });

  it('counts the distinct sources of validated evidence and the leads apart, and leaves rejected leads out', () => {
    const leadsOnly = makeChapter({
      snapshot: 'Only leads bear on this sentence.\n',
      claims: [{ id: 'c', quote: 'Only leads bear on this sentence.', status: 'unverified', evidence: ['l1', 'l2', 'v1', 'v2'] }],
      sources: [makeSource({ id: 's1' }), makeSource({ id: 's2' })],
      evidence: [
        makeEvidence({ id: 'l1', source: 's1', claims: ['c'], status: 'lead' }),
        makeEvidence({ id: 'l2', source: 's2', claims: ['c'], status: 'lead' }),
        makeEvidence({ id: 'v1', source: 's1', claims: ['c'] }),
        makeEvidence({ id: 'v2', source: 's1', claims: ['c'] }),
      ],
    });
    const marker = claimAnnotations(leadsOnly).claims[0]!.marker;
    expect(marker.properties['ariaLabel']).toBe('Claim, unverified: 1 validated source, 2 leads');
    expect(toHtml(marker)).toContain('<span class="rp-visually-hidden rp-print"> (1 validated source, 2 leads)</span>');
  });
});

describe('claimAnnotations without popovers, and chapterPopoversHtml', () => {
  it('makes everything but the popovers, which chapterPopoversHtml writes the same from the chapter', () => {
    for (const options of [{ packUrl: '/research/books/pi/27-chapter/' }, {}]) {
      const whole = claimAnnotations(chapter, options);
      const without = claimAnnotations(chapter, { ...options, popovers: false });
      expect(without.claims.map((claim) => claim.popover)).toEqual(whole.claims.map(() => NO_POPOVER));
      expect(without.claims.every((claim) => claim.popover === NO_POPOVER)).toBe(true);
      expect({ ...without, claims: without.claims.map(({ popover, ...rest }) => rest) }).toEqual({ ...whole, claims: whole.claims.map(({ popover, ...rest }) => rest) });
      expect(claimPopoversHtml(without)).toBe('<span></span>'.repeat(whole.claims.length));
      const html = chapterPopoversHtml(chapter, options);
      expect(html).toBe(claimPopoversHtml(whole));
      expect(html).toContain('rp-popover');
      expect(html.includes('Research pack for this chapter')).toBe(options.packUrl !== undefined);
    }
  });

  it('refuses an unsafe pack URL for the popovers too', () => {
    expect(() => chapterPopoversHtml(chapter, { packUrl: 'javascript:alert(1)' })).toThrow();
  });
});
