/**
 * The one adapter both claim plugins stand on: options checked once, what a
 * file gets, one error path. Every claim fixture (`test/fixtures/<case>/`)
 * goes through both plugins with the options that change what they do, and
 * both must give the same HTML, or the same error at the same place.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { claimAnnotations, type ChapterAnnotations } from '@research-pack/core';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { cases, fixtures, loadChapter, renderSatteri, renderUnified, type FixtureSettings, type PluginOptions } from '../../../test/helpers/claim-fixtures.js';
import { checkClaimsOptions, createClaimsAdapter, failurePlace } from '../src/claims-adapter.js';
import { ClaimAnchorError } from '../src/page-errors.js';
import { remarkClaims } from '../src/remark-claims.js';
import { satteriClaims } from '../src/satteri-claims.js';

const none = () => undefined;

describe('checkClaimsOptions', () => {
  it('accepts the options of the claim plugins', () => {
    const options = { annotations: none, directive: 'claim', restoreDirectives: false, restoreOutsideChapters: true, popovers: 'page' as const };
    expect(checkClaimsOptions(options)).toBe(options);
    expect(checkClaimsOptions({ annotations: none, directive: undefined })).toEqual({ annotations: none, directive: undefined });
  });

  it('names every mistake at once', () => {
    expect(() => checkClaimsOptions({ annotations: {}, popover: 'page', restoreDirectives: 'yes', directive: 'my claim' })).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: Research Pack's claim plugin was given wrong options: \`annotations\` must be a function from a file path to the chapter's annotations, got an object; unknown option "popover" (did you mean "popovers"?); the options are annotations, directive, restoreDirectives, restoreOutsideChapters, popovers, markerModule; \`restoreDirectives\` must be true or false, got "yes"; \`directive\` must be a directive name such as "claim", got "my claim"]`,
    );
    // A marker module is a specifier and an export name that can be imported as it is.
    const markerModule = { from: '@research-pack/astro/marker', name: 'claimMarker' };
    expect(checkClaimsOptions({ annotations: none, markerModule })).toEqual({ annotations: none, markerModule });
    for (const wrong of [{ from: '', name: 'claimMarker' }, { from: 'x', name: 'not a name' }, { from: 'x' }, 'x', null]) {
      expect(() => checkClaimsOptions({ annotations: none, markerModule: wrong }), JSON.stringify(wrong)).toThrow(
        '`markerModule` must be an object with `from` (a module specifier) and `name` (the name of its export), got ',
      );
    }
    expect(() => checkClaimsOptions({})).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: Research Pack's claim plugin was given wrong options: \`annotations\` is missing: it must be a function from a file path to the chapter's annotations]`,
    );
    expect(() => checkClaimsOptions(undefined)).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: Research Pack's claim plugin needs options with \`annotations\` (a function from a file path to the chapter's annotations), got undefined]`,
    );
  });

  it('is what both plugins check, when they are made', () => {
    expect(() => satteriClaims({ annotations: none, popovers: 'inlined' } as never)).toThrow('`popovers` must be "inline" or "page", got "inlined"');
    expect(() => remarkClaims.call(undefined as never, { annotations: none, popovers: 'inlined' } as never)).toThrow('`popovers` must be "inline" or "page", got "inlined"');
  });
});

describe('createClaimsAdapter', () => {
  const annotations: ChapterAnnotations = { chapter: 'b-c', file: 'content/books/b/c.md', claims: [] };
  const lookup = (file: string) => (file === '/c.md' ? annotations : undefined);

  it('tells what each file gets', () => {
    expect(createClaimsAdapter({ annotations: lookup })('/c.md')?.kind).toBe('claims');
    expect(createClaimsAdapter({ annotations: lookup })('/other.md')).toBeUndefined();
    expect(createClaimsAdapter({ annotations: lookup })(undefined)).toBeUndefined();
    expect(createClaimsAdapter({ annotations: lookup, restoreOutsideChapters: true })('/other.md')?.kind).toBe('directives');
    expect(createClaimsAdapter({ annotations: lookup, restoreOutsideChapters: true })(undefined)?.kind).toBe('directives');
  });

  it('forwards the options to the plan', () => {
    const root = markdownToMdast('At 10:30.\n', { features: { directive: true }, position: true });
    expect(createClaimsAdapter({ annotations: lookup })('/c.md')!.plan(root, 'At 10:30.\n')).toHaveLength(1);
    expect(createClaimsAdapter({ annotations: lookup, restoreDirectives: false })('/c.md')!.plan(root, 'At 10:30.\n')).toEqual([]);
  });

  it('fails with the claim\'s place, or names the chapter and keeps the cause', () => {
    const root = markdownToMdast('Text.\n', { features: { directive: true }, position: true });
    const missing = { ...annotations, claims: [{ id: 'd', status: 'supported' as const, anchor: { type: 'directive' as const }, line: 4, column: 2, wrapper: {}, marker: { type: 'element' as const, tagName: 'b', properties: {}, children: [] }, popover: { type: 'element' as const, tagName: 'b', properties: {}, children: [] } }] };
    const placed = catchError(() => createClaimsAdapter({ annotations: () => missing })('/c.md')!.plan(root, 'Text.\n'));
    expect(placed).toBeInstanceOf(ClaimAnchorError);
    expect(failurePlace(placed)).toEqual({ line: 4, column: 2 });

    const broken = { ...annotations, claims: [{ ...missing.claims[0]!, anchor: { type: 'quote' } }] } as unknown as ChapterAnnotations;
    const other = catchError(() => createClaimsAdapter({ annotations: () => broken })('/c.md')!.plan(root, 'Text.\n'));
    expect(other).not.toBeInstanceOf(ClaimAnchorError);
    expect(other.message).toBe('Research Pack could not mark the claims of content/books/b/c.md');
    expect(other.cause).toBeInstanceOf(TypeError);
    expect(failurePlace(other)).toBeUndefined();
  });
});

/** The fixtures as the model sees them, with the annotations the page is given. */
const chapters = cases.map((name) => {
  const dir = path.join(fixtures, name);
  const settings: FixtureSettings = existsSync(path.join(dir, 'fixture.json')) ? JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) : {};
  const { chapter, problems, source, file } = loadChapter(dir, name, settings);
  const annotations = problems.some((problem) => problem.severity === 'error') ? undefined : (settings.annotations ?? claimAnnotations(chapter, { packUrl: `/research/books/fixture/${name}/` }));
  return { name, settings, source, file, annotations };
});

/** Options that change what the plugins do, and whether the file is the chapter. */
const variants: Array<{ name: string; chapter: boolean; options: PluginOptions; popovers?: 'page' }> = [
  { name: 'defaults', chapter: true, options: {} },
  { name: "popovers: 'page'", chapter: true, options: {}, popovers: 'page' },
  // Claims are then other directives, restored as text; directive claims are missing from the page.
  { name: "directive: 'mark'", chapter: true, options: { directive: 'mark' } },
  { name: 'not a chapter, directives restored', chapter: false, options: { restoreOutsideChapters: true } },
];

describe('both plugins on every claim fixture', () => {
  it('has fixtures', () => {
    expect(chapters.filter((chapter) => chapter.annotations).length).toBeGreaterThanOrEqual(10);
  });

  for (const { name, settings, source, file, annotations } of chapters) {
    if (!annotations) continue;
    it.each(variants)(`${name}, $name`, async (variant) => {
      const lookup = (filePath: string) => (variant.chapter && path.resolve(filePath) === file ? annotations : undefined);
      const satteri = renderSatteri(source, file, lookup, settings, variant.popovers, variant.options);
      const remark = await renderUnified(source, file, lookup, settings, variant.popovers, variant.options);
      expect(remark).toEqual(satteri);
      // Something was rendered, or the error says where.
      if (satteri.error) expect(satteri.error).toMatch(/^[1-9]\d*:[1-9]\d*  \S/);
      else expect(satteri.html.length).toBeGreaterThan(0);
    });
  }
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
