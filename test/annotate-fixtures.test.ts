/**
 * Claim annotation fixtures: each `test/fixtures/<case>/` with a `chapter.md`
 * (or `chapter.mdx`) and a `claims.yaml` (plus optional `evidence.yaml` and
 * `fixture.json`) is anchored by the core and rendered through Sätteri and
 * through unified. Both must give the same HTML, which must match
 * `output.html`; anchoring problems must match `messages.txt` (a chapter
 * with only warnings is rendered too); a failure at
 * render time must match `render-error.txt` on both processors.
 *
 * Regenerate deliberately with `npm exec -- vitest run test/annotate-fixtures.test.ts -u`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { claimAnnotations } from '@research-pack/core';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { visitParents } from 'unist-util-visit-parents';
import { describe, expect, it } from 'vitest';
import { cases, fixtures, formatProblem, loadChapter, renderSatteri, renderUnified, type FixtureSettings } from './helpers/claim-fixtures.js';

/** The markers (buttons) a browser finds inside a link, a button or a label, as `ancestor > button` with the button's text. */
function buttonsInsideInteractive(html: string): string[] {
  const found: string[] = [];
  visitParents(fromHtml(html, { fragment: true }), 'element', (node, ancestors) => {
    if (node.tagName !== 'button') return;
    const holder = ancestors.find((ancestor) => ancestor.type === 'element' && ['a', 'button', 'label'].includes(ancestor.tagName));
    if (holder && holder.type === 'element') found.push(`${holder.tagName} > button: ${toString(node)}`);
  });
  return found;
}

describe('claim annotation fixtures', () => {
  it('has fixtures', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  for (const name of cases) {
    it(name, async () => {
      const dir = path.join(fixtures, name);
      const settings: FixtureSettings = existsSync(path.join(dir, 'fixture.json')) ? JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) : {};
      const { chapter, problems, source, file } = loadChapter(dir, name, settings);

      if (problems.length > 0) await expect(problems.map(formatProblem).join('\n') + '\n').toMatchFileSnapshot(path.join(dir, 'messages.txt'));
      // What the model reports as a quote that cuts raw HTML is what the page fails on, on both processors.
      if (problems.some((problem) => problem.rule === 'anchor/raw-html')) {
        const annotations = claimAnnotations(chapter, { packUrl: `/research/books/fixture/${name}/` });
        const lookup = (filePath: string) => (path.resolve(filePath) === file ? annotations : undefined);
        expect(renderSatteri(source, file, lookup, settings).ruleId).toBe('anchor/raw-html');
        expect((await renderUnified(source, file, lookup, settings)).ruleId).toBe('anchor/raw-html');
      }
      // Warnings (a quote found only approximately) leave the chapter to render; errors do not.
      if (problems.some((problem) => problem.severity === 'error')) return;

      const annotations = settings.annotations ?? claimAnnotations(chapter, { packUrl: `/research/books/fixture/${name}/` });
      const lookup = (filePath: string) => (path.resolve(filePath) === file ? annotations : undefined);

      const satteri = renderSatteri(source, file, lookup, settings);
      const remark = await renderUnified(source, file, lookup, settings);
      if (existsSync(path.join(dir, 'render-error.txt')) || satteri.error || remark.error) {
        expect(remark.error).toBe(satteri.error);
        await expect(`${satteri.error}\n`).toMatchFileSnapshot(path.join(dir, 'render-error.txt'));
        return;
      }
      expect(remark.html).toBe(satteri.html);
      // A marker is a button: never inside a link, a button or a label, however they were written (read as a browser reads the page).
      expect(buttonsInsideInteractive(satteri.html)).toEqual([]);
      await expect(satteri.html).toMatchFileSnapshot(path.join(dir, 'output.html'));
    });
  }
});

