import type { ChapterAnnotations } from '@research-pack/core';
import { markdownToHtml, mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { SATTERI_PLUGIN_NAME, satteriClaims } from '../src/satteri-claims.js';

const chapterFile = '/books/pi/27-chapter.md';
const annotations: ChapterAnnotations = {
  chapter: 'pi-27-chapter',
  file: 'content/books/pi/27-chapter.md',
  claims: [
    {
      id: 'c1',
      status: 'supported',
      anchor: { type: 'directive' },
      line: 1,
      column: 3,
      wrapper: { className: ['rp-claim'], id: 'rp-claim-c1', dataStatus: 'supported' },
      marker: { type: 'element', tagName: 'button', properties: { type: 'button', popoverTarget: 'rp-claim-c1-details' }, children: [{ type: 'text', value: '✓ supported' }] },
      popover: { type: 'element', tagName: 'span', properties: { id: 'rp-claim-c1-details', popover: 'auto' }, children: [{ type: 'text', value: 'Verdict <supported> & dated' }] },
    },
  ],
};
const plugin = satteriClaims({ annotations: (file) => (file === chapterFile ? annotations : undefined) });
const features = { directive: true };

describe('satteriClaims', () => {
  it('marks claims and restores other directives in a chapter', () => {
    const { html } = markdownToHtml('A :claim[b *c*]{#c1} at 10:30.\n', { mdastPlugins: [plugin], features, fileURL: new URL(`file://${chapterFile}`) });
    expect(html).toBe(
      '<p>A <span class="rp-claim" id="rp-claim-c1" data-status="supported">b <em>c</em><button type="button" popovertarget="rp-claim-c1-details">✓ supported</button><span id="rp-claim-c1-details" popover="auto">Verdict &lt;supported&gt; &amp; dated</span></span> at 10:30.</p>\n',
    );
  });

  it('sits out for files that are not chapters, and without a file', () => {
    const context = { source: '', sourceFormat: 'markdown' as const, data: {} };
    expect(plugin({ ...context, fileURL: new URL('file:///books/pi/other.md') })).toBeNull();
    expect(plugin({ ...context, fileURL: undefined })).toBeNull();
    expect(plugin({ ...context, fileURL: new URL(`file://${chapterFile}`) })).toMatchObject({ name: SATTERI_PLUGIN_NAME, options: { position: true } });
    // Not a chapter: not even directives are touched (Sätteri then drops them, as it does without the plugin).
    const { html } = markdownToHtml('At 10:30.\n', { mdastPlugins: [plugin], features, fileURL: new URL('file:///books/pi/other.md') });
    expect(html).toBe('<p>At 10.</p>\n');
  });

  it('can restore directives outside chapters, where :claim is text too', () => {
    const restoring = satteriClaims({ annotations: () => undefined, restoreOutsideChapters: true });
    const { html } = markdownToHtml('At 10:30, :claim[not here]{#x}.\n', { mdastPlugins: [restoring], features, fileURL: new URL('file:///books/pi/other.md') });
    expect(html).toBe('<p>At 10:30, :claim[not here]{#x}.</p>\n');
    expect(markdownToHtml('At 10:30.\n', { mdastPlugins: [restoring], features }).html).toBe('<p>At 10:30.</p>\n');
  });

  it('works in MDX', () => {
    const { code } = mdxToJs('import X from "./x.js"\n\nA :claim[b]{#c1} at 10:30.\n', {
      mdastPlugins: [plugin],
      features,
      fileURL: new URL(`file://${chapterFile}`),
      elementAttributeNameCase: 'html',
    });
    expect(code).toContain('class: "rp-claim"');
    expect(code).toContain('popovertarget: "rp-claim-c1-details"');
    expect(code).toContain('children: "Verdict <supported> & dated"');
    expect(code).toContain('":30"');
  });

  it('fails with the line and column of the claim', () => {
    let error: (Error & { line?: number; column?: number }) | undefined;
    try {
      markdownToHtml('No directive here.\n', { mdastPlugins: [plugin], features, fileURL: new URL(`file://${chapterFile}`) });
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message).toBe('content/books/pi/27-chapter.md:1:3: claim "c1" is anchored by directive, but the page has no :claim[...]{#c1}');
    expect([error?.line, error?.column]).toEqual([1, 3]);
  });
});
