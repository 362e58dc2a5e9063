import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { claimReviewJsonLd, claimReviewScript, escapeJsonForScript } from '../../src/render/claim-review.js';
import { elements, parse, text } from '../hast-query.js';
import { makeChapter, richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';

describe('claimReviewJsonLd', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;

  it('publishes schema.org ClaimReviews for the reviewed claims', () => {
    const data = JSON.parse(claimReviewJsonLd(chapter, SITE_URLS));
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph'].map((review: { reviewRating: { alternateName: string } }) => review.reviewRating.alternateName)).toEqual([
      'supported',
      'qualified',
      'contradicted',
      'supported',
    ]);
    expect(data['@graph'][0].itemReviewed).toEqual({
      '@type': 'Claim',
      appearance: { '@type': 'CreativeWork', url: 'https://books.example.org/books/pi/27-chapter/', name: 'The Session File Format' },
    });
  });

  it('is empty when no claim has been reviewed', () => {
    expect(claimReviewJsonLd(model.books[0]!.chapters[0]!, SITE_URLS)).toBe('');
    expect(claimReviewScript(model.books[0]!.chapters[0]!, SITE_URLS)).toBeUndefined();
  });

  it('cannot be broken out of by </script> or <!-- in sidecar text', () => {
    const hostile = 'x</script><script>alert(1)</script><!-- & \u2028';
    const quote = 'anchored words here';
    const chapter = makeChapter({
      title: hostile,
      snapshot: `Start ${quote} end.`,
      claims: [{ id: 'c', quote, status: 'contradicted', date: '2026-01-01', rationale: hostile }],
    });
    const json = claimReviewJsonLd(chapter, ROOT_URLS);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)['@graph'][0].reviewRating.ratingExplanation).toBe(hostile);
    const page = parse(toHtml({ type: 'root', children: [claimReviewScript(chapter, ROOT_URLS)!, { type: 'element', tagName: 'p', properties: {}, children: [] }] }));
    const scripts = elements(page, (node) => node.tagName === 'script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(text(scripts[0]!))['@graph'][0].itemReviewed.appearance.name).toBe(hostile);
    expect(escapeJsonForScript('"</script>"')).toBe('"\\u003c/script\\u003e"');
  });
});
