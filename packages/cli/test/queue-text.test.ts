/**
 * Sidecar text in the terminal: `review` shows control, bidirectional and
 * line-separator characters spelled out, so a sidecar cannot drive the
 * terminal (colour, cursor, title) or hide a line.
 */
import { describe, expect, it } from 'vitest';
import { claimBlock, plain, renderQueueText } from '../src/review/queue-text.js';

describe('plain', () => {
  it('spells out escapes and invisible characters, and keeps other text', () => {
    expect(plain('\u001b[31mred\u001b[0m and \u202eevil\u2028next\u0007')).toBe('\\u001b[31mred\\u001b[0m and \\u202eevil\\u2028next\\u0007');
    expect(plain('two\nlines')).toBe('two lines');
    expect(plain('Ünïcode – “quotes”, tabs\tstay')).toBe('Ünïcode – “quotes”, tabs\\u0009stay');
  });
});

describe('claimBlock', () => {
  const claim = (text: string, verdictText: string | undefined) =>
    ({
      kind: 'claim',
      handle: 'c1234.abcd',
      stale: 'fuzzy-anchor',
      reviewDue: false,
      reviewedText: verdictText,
      claim: {
        text,
        textHash: '0123456789abcdef',
        claim: { id: 'fromid', verdict: { status: 'contradicted', date: '2026-12-06', rationale: 'The docs say otherwise.', textHash: 'fedcba9876543210', ...(verdictText ? { text: verdictText } : {}) } },
      },
    }) as unknown as Parameters<typeof claimBlock>[0];

  it('shows the wording a verdict was given on beside the words found, when a claim found approximately reads otherwise (an outside author\'s finding)', () => {
    expect(claimBlock(claim('The fromId is the parent.', 'The fromId names the old leaf.'), 365)).toEqual([
      '    c1234.abcd  fromid  (contradicted on 2026-12-06; stale: the claim was found only approximately in the current prose)',
      '      reviewed:  "The fromId names the old leaf."',
      '      found:     "The fromId is the parent." (textHash 0123456789abcdef)',
      '      rationale: The docs say otherwise.',
    ]);
    // Without a recorded wording, or with the same one, only the words found.
    expect(claimBlock(claim('The fromId is the parent.', undefined), 365)[1]).toBe('      found:     "The fromId is the parent."');
    expect(claimBlock(claim('The fromId is the parent.', 'The fromId is the parent.'), 365)[1]).toBe('      found:     "The fromId is the parent."');
  });
});

describe('renderQueueText', () => {
  it('says nothing awaits review, in the singular, when only an upgrade proposal is shown (an outside author read "nothing await review")', () => {
    const queue = {
      chapter: { book: 'pi', slug: '27-chapter', claims: [] },
      count: 0,
      leads: [],
      leadsByClaim: [],
      proposals: [],
      claims: [],
      reviewAfterDays: 365,
      upgrade: { pass: { date: '2026-11-29', by: 'R', report: '.reports/r.md' }, proposal: 'Say "usually".' },
    } as unknown as Parameters<typeof renderQueueText>[0];
    expect(renderQueueText(queue).split('\n')[0]).toBe('pi/27-chapter: nothing awaits review');
  });
});
