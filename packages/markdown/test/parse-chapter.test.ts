import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractChapterText, sourceOf } from '@research-pack/core';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAPTER_FEATURES, parseChapter, parserVersion } from '../src/parse-chapter.js';

describe('parseChapter', () => {
  it('parses MDX with directives, without smart punctuation, with positions', () => {
    const source = '---\ntitle: T\n---\nimport X from "./x"\n\nIt\'s "quoted" -- at 10:30 :claim[here]{#c}.\n';
    const root = parseChapter(source, { format: 'mdx' });
    expect(root.children.map((node) => node.type)).toEqual(['yaml', 'mdxjsEsm', 'paragraph']);
    const paragraph = root.children[2]!;
    expect(paragraph.position?.start).toEqual({ line: 6, column: 1, offset: 38 });
    expect(paragraph.type === 'paragraph' && paragraph.children.map((node) => node.type)).toEqual(['text', 'textDirective', 'text', 'textDirective', 'text']);
    expect(sourceOf(root)).toBe(source);
    expect(extractChapterText(root).snapshot).toBe('It\'s "quoted" -- at 10:30 here.\n');
  });

  it('parses Markdown, where braces and tags are text', () => {
    const root = parseChapter('A {b} <c> d.\n', { format: 'md' });
    expect(extractChapterText(root).snapshot).toBe('A {b} d.\n');
  });

  it('uses the documented features', () => {
    expect(CHAPTER_FEATURES).toEqual({ directive: true, smartPunctuation: false, gfm: true, frontmatter: true });
    expect(Object.isFrozen(CHAPTER_FEATURES)).toBe(true);
  });
});

describe('parserVersion', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A parser package of its own: `dist/` with the given modules, and a Sätteri with the given manifest (none when undefined). */
  function parserPackage(modules: Record<string, string>, satteri?: object): string {
    const root = mkdtempSync(path.join(tmpdir(), 'rp-parser-version-'));
    folders.push(root);
    mkdirSync(path.join(root, 'dist'));
    for (const [name, text] of Object.entries(modules)) writeFileSync(path.join(root, 'dist', name), text);
    if (satteri) {
      mkdirSync(path.join(root, 'node_modules', 'satteri', 'dist'), { recursive: true });
      writeFileSync(path.join(root, 'node_modules', 'satteri', 'package.json'), JSON.stringify({ main: './dist/index.js', ...satteri }));
      writeFileSync(path.join(root, 'node_modules', 'satteri', 'dist', 'index.js'), '');
    }
    return pathToFileURL(path.join(root, 'dist', 'parse-chapter.js')).href;
  }

  it('names the Sätteri this package loads', () => {
    const installed = createRequire(import.meta.url).resolve('satteri');
    const { version } = JSON.parse(readFileSync(path.join(path.dirname(installed), '..', 'package.json'), 'utf8')) as { version: string };
    expect(parserVersion()).toMatch(new RegExp(`^parse@[0-9a-f]{16} satteri@${version.replaceAll('.', '\\.')}$`));
    expect(parserVersion()).toBe(parserVersion());
  });

  it('changes with any module of the parser and with the Sätteri it finds', () => {
    const satteri = { name: 'satteri', version: '1.2.3' };
    const base = parserVersion(parserPackage({ 'parse-chapter.js': 'one', 'other.js': 'two' }, satteri));
    expect(base).toMatch(/^parse@[0-9a-f]{16} satteri@1\.2\.3$/);
    expect(parserVersion(parserPackage({ 'parse-chapter.js': 'one', 'other.js': 'two', 'notes.md': 'not code' }, satteri))).toBe(base);
    expect(parserVersion(parserPackage({ 'parse-chapter.js': 'one', 'other.js': 'two!' }, satteri))).not.toBe(base);
    expect(parserVersion(parserPackage({ 'parse-chapter.js': 'one', 'other.js': 'two', 'more.js': '' }, satteri))).not.toBe(base);
    expect(parserVersion(parserPackage({ 'parse-chapter.js': 'one', 'other.js': 'two' }, { ...satteri, version: '1.2.4' }))).toBe(base!.replace('1.2.3', '1.2.4'));
  });

  it('is undefined when the parser or its Sätteri cannot be read, so that nothing it checked is kept', () => {
    expect(parserVersion(parserPackage({ 'parse-chapter.js': '' }))).toBeUndefined();
    expect(parserVersion(parserPackage({ 'parse-chapter.js': '' }, { name: 'satteri' }))).toBeUndefined();
    expect(parserVersion(parserPackage({ 'parse-chapter.js': '' }, { name: 'not-satteri', version: '1.0.0' }))).toBeUndefined();
    expect(parserVersion(pathToFileURL(path.join(tmpdir(), 'rp-no-such-folder', 'parse-chapter.js')).href)).toBeUndefined();
  });
});
