import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { claimLink, fact, packContext } from '../../src/render/pack-context.js';
import { richModel, ROOT_URLS, SITE_URLS } from '../model-factory.js';

describe('packContext', () => {
  const model = richModel();

  it('finds the chapter by object or by <book>/<chapter>, with its links', () => {
    const context = packContext(model, 'pi/27-chapter', SITE_URLS);
    expect(context.chapter.slug).toBe('27-chapter');
    expect(context.book.slug).toBe('pi');
    expect(context.links.pack).toBe('https://books.example.org/research/books/pi/27-chapter/');
    expect(packContext(model, context.chapter, SITE_URLS).chapter).toBe(context.chapter);
    expect(() => packContext(model, 'pi/nope', SITE_URLS)).toThrow();
  });

  it('links recorded claims to the chapter page and marks the others', () => {
    const chapter = packContext(model, 'pi/27-chapter', ROOT_URLS).chapter;
    const id = chapter.claims[0]!.claim.id;
    expect(toHtml({ type: 'root', children: [claimLink(chapter, ROOT_URLS, id)] as never })).toBe(`<a href="/books/pi/27-chapter/#rp-claim-${id}">${id}</a>`);
    expect(claimLink(chapter, ROOT_URLS, 'ghost')).toBe('ghost (not a recorded claim)');
  });

  it('states a fact as a paragraph of its own class', () => {
    expect(toHtml(fact('None.'))).toBe('<p class="rp-none">None.</p>');
  });
});
