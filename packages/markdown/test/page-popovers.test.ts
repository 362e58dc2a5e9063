/**
 * `popovers: 'page'` on every claim fixture (`test/fixtures/<case>/`): Sätteri
 * and unified give the same HTML, which is the inline output without the
 * popovers: each claim keeps its wrapper and its marker, whose
 * `popovertarget` names the popover's id, and no popover is left in the text.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { claimAnnotations, claimPopoversHtml } from '@research-pack/core';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { cases, fixtures, loadChapter, renderSatteri, renderUnified, type FixtureSettings } from '../../../test/helpers/claim-fixtures.js';

/** Every element of a tree, in document order. */
function elements(node: Root | RootContent): Element[] {
  const own = node.type === 'element' ? [node] : [];
  return 'children' in node ? [...own, ...node.children.flatMap((child) => elements(child as RootContent))] : own;
}

/** The tree without the elements that have a `popover` attribute. */
function withoutPopovers<T extends Root | Element>(node: T): T {
  return {
    ...node,
    children: node.children
      .filter((child) => !(child.type === 'element' && child.properties.popover !== undefined))
      .map((child) => (child.type === 'element' ? withoutPopovers(child) : child)),
  };
}

const rendered = cases.flatMap((name) => {
  const dir = path.join(fixtures, name);
  const settings: FixtureSettings = existsSync(path.join(dir, 'fixture.json')) ? JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) : {};
  if (existsSync(path.join(dir, 'render-error.txt')) || settings.annotations) return [];
  const { chapter, problems, source, file } = loadChapter(dir, name, settings);
  if (problems.some((problem) => problem.severity === 'error') || chapter.claims.length === 0) return [];
  return [{ name, chapter, source, file, settings }];
});

describe("claim plugins with popovers: 'page'", () => {
  it('has fixtures with claims', () => {
    expect(rendered.length).toBeGreaterThanOrEqual(6);
  });

  for (const { name, chapter, source, file, settings } of rendered) {
    it(name, async () => {
      const annotations = claimAnnotations(chapter, { packUrl: `/research/books/fixture/${name}/` });
      const lookup = (filePath: string) => (path.resolve(filePath) === file ? annotations : undefined);

      const satteri = renderSatteri(source, file, lookup, settings, 'page');
      const remark = await renderUnified(source, file, lookup, settings, 'page');
      expect(satteri.error).toBeUndefined();
      expect(remark.error).toBeUndefined();
      expect(remark.html).toBe(satteri.html);

      const page = fromHtml(satteri.html, { fragment: true });
      const all = elements(page);
      // No popover in the text: no element with a `popover` attribute, no popover id.
      expect(all.filter((element) => element.properties.popover !== undefined)).toEqual([]);
      for (const claim of annotations.claims) expect(all.some((element) => element.properties.id === claim.popover.properties.id)).toBe(false);

      // One marker per claim, in its wrapper (or after the heading), naming its popover.
      const markers = all.filter((element) => element.tagName === 'button' && (element.properties.className as string[] | undefined)?.includes('rp-marker'));
      expect(markers.map((marker) => marker.properties.popoverTarget).sort()).toEqual(annotations.claims.map((claim) => claim.popover.properties.id).sort());
      for (const claim of annotations.claims) expect(all.some((element) => element.properties.id === claim.wrapper.id)).toBe(true);

      // Exactly the inline output, less its popovers.
      const inline = renderSatteri(source, file, lookup, settings, 'inline');
      expect(toHtml(page)).toBe(toHtml(withoutPopovers(fromHtml(inline.html, { fragment: true }))));

      // The popovers the page renders instead resolve every marker.
      const popovers = elements(fromHtml(claimPopoversHtml(annotations), { fragment: true })).filter((element) => element.properties.popover === 'auto');
      expect(popovers).toHaveLength(annotations.claims.length);
      expect(popovers.map((popover) => popover.properties.id).sort()).toEqual(markers.map((marker) => marker.properties.popoverTarget).sort());
    });
  }
});
