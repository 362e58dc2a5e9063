import type { ChapterAnnotations } from '@research-pack/core';
import { claimMarkerHtml } from '@research-pack/core/render';
import { compile } from '@mdx-js/mdx';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { remarkClaims } from '../src/remark-claims.js';

const chapterFile = '/books/pi/27-chapter.md';
const annotations: ChapterAnnotations = {
  chapter: 'pi-27-chapter',
  file: 'content/books/pi/27-chapter.md',
  claims: [
    {
      id: 'q',
      status: 'qualified',
      anchor: { type: 'quote', exact: 'the header comes first', prefix: '', suffix: '', occurrence: 0, occurrences: 1 },
      line: 2,
      column: 5,
      wrapper: { className: ['rp-claim'], id: 'rp-claim-q' },
      marker: { type: 'element', tagName: 'button', properties: { type: 'button' }, children: [{ type: 'text', value: '±' }] },
      popover: { type: 'element', tagName: 'span', properties: { popover: 'auto' }, children: [{ type: 'text', value: '<script>' }] },
    },
  ],
};

const processor = unified()
  .use(remarkParse)
  .use(remarkDirective)
  .use(remarkClaims, { annotations: (file) => (file === chapterFile ? annotations : undefined) })
  .use(remarkRehype)
  .use(rehypeStringify);

describe('remarkClaims', () => {
  it('marks claims in a chapter', async () => {
    const html = String(await processor.process(new VFile({ path: chapterFile, value: 'In *the header* comes first, at note:this.\n' })));
    expect(html).toBe(
      '<p>In <span class="rp-claim" id="rp-claim-q"><em>the header</em> comes first<button type="button">±</button><span popover="auto">&#x3C;script></span></span>, at note:this.</p>',
    );
  });

  it('leaves other files and files without a path alone', async () => {
    expect(String(await processor.process(new VFile({ path: '/other.md', value: 'the header comes first\n' })))).toBe('<p>the header comes first</p>');
    expect(String(await processor.process('the header comes first\n'))).toBe('<p>the header comes first</p>');
  });

  it('can restore directives outside chapters', async () => {
    const restoring = unified().use(remarkParse).use(remarkDirective).use(remarkClaims, { annotations: () => undefined, restoreOutsideChapters: true }).use(remarkRehype).use(rehypeStringify);
    expect(String(await restoring.process(new VFile({ path: '/other.md', value: 'See note:this and :claim[x]{#y}.\n' })))).toBe('<p>See note:this and :claim[x]{#y}.</p>');
  });

  it('fails the file at the claim, naming it', async () => {
    const file = new VFile({ path: chapterFile, value: 'Nothing to see.\n' });
    await expect(processor.process(file)).rejects.toMatchObject({
      reason: 'content/books/pi/27-chapter.md:2:5: claim "q" could not be found on the page: "the header comes first" is not in the rendered text',
      line: 2,
      column: 5,
      ruleId: 'anchor/page-orphan',
      source: 'research-pack',
      fatal: true,
    });
  });

  describe('with a marker module, in an MDX chapter (compiled by @mdx-js/mdx)', () => {
    const markerModule = { from: '@research-pack/astro/marker', name: 'claimMarker' };
    const mdxFile = '/books/pi/27-chapter.mdx';
    const value = 'In *the header* comes first.\n';
    const compileWith = (options: { markerModule?: typeof markerModule }, path = mdxFile) =>
      compile(new VFile({ path, value }), { remarkPlugins: [remarkDirective, [remarkClaims, { annotations: () => annotations, popovers: 'page', ...options }]], jsxImportSource: 'astro' }).then(String);

    it('compiles each marker as a call of the module, which it imports once, and none of its markup', async () => {
      const code = await compileWith({ markerModule });
      expect(code.split('import {claimMarker as _researchPackClaimMarker} from "@research-pack/astro/marker";').length - 1).toBe(1);
      expect(code).toContain('"set:html": _researchPackClaimMarker("pi-27-chapter", "q")');
      expect(code).not.toContain('button');
      // The wrapper is compiled as before.
      expect(code).toContain('"rp-claim"');
    });

    it('imports the module once when the annotations come later (as while a build loads the model)', async () => {
      const later = await compile(new VFile({ path: mdxFile, value }), {
        remarkPlugins: [remarkDirective, [remarkClaims, { annotations: () => Promise.resolve(annotations), popovers: 'page', markerModule }]],
        jsxImportSource: 'astro',
      }).then(String);
      expect(later).toBe(await compileWith({ markerModule }));
      expect(later.split('_researchPackClaimMarker} from').length - 1).toBe(1);
    });

    it('compiles the markup without one, and in a chapter that is not parsed as MDX, whatever its name', async () => {
      const code = await compileWith({});
      expect(code).not.toContain('_researchPackClaimMarker');
      expect(code).toContain('"button"');
      const markdown = unified()
        .use(remarkParse)
        .use(remarkDirective)
        .use(remarkClaims, { annotations: () => annotations, popovers: 'page', markerModule })
        .use(remarkRehype)
        .use(rehypeStringify);
      const expected = `<p>In <span class="rp-claim" id="rp-claim-q"><em>the header</em> comes first${claimMarkerHtml(annotations.claims[0]!)}</span>.</p>`;
      expect(String(await markdown.process(new VFile({ path: chapterFile, value })))).toBe(expected);
      // An .mdx file read without remark-mdx: no import or call its pipeline could not compile.
      expect(String(await markdown.process(new VFile({ path: mdxFile, value })))).toBe(expected);
    });
  });
});

