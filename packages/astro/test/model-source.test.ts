/**
 * What `astro dev` drops after a save: only the chapter modules whose
 * compiled marks the reloaded model changes (`ModelSource.staleMarks`).
 */
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelSource } from '../src/model-source.js';
import { parseOptions } from '../src/options.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const urls = { site: '', chapters: '/books', research: '/research' };
let root: string | undefined;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe('ModelSource.staleMarks', () => {
  it('names a marked chapter when its marks change, not when only a popover does', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'research-pack-marks-'));
    await cp(path.join(repoRoot, 'content/books'), path.join(root, 'content/books'), { recursive: true });
    const source = new ModelSource();
    source.start({ root, options: parseOptions({ asOf: '2026-11-29' }), urls, pageUrls: urls, store: undefined, artifactsDir: path.join(root, 'artifacts') }, false);
    const chapter = path.join(root, 'content/books/pi/27-chapter.mdx');
    const other = path.join(root, 'content/books/pi/28-chapter.mdx');
    const claims = path.join(root, 'content/books/pi/27-chapter.claims.yaml');
    // The plugins mark two chapters, as two page requests would.
    for (const file of [chapter, other]) expect(source.annotationsFor(file, await readFile(file, 'utf8'))).toBeDefined();
    expect(source.staleMarks()).toEqual([]);

    // A rationale is shown in the popover only: no module needs a new transform.
    const text = await readFile(claims, 'utf8');
    const edited = text.replace(/rationale: >-\n {8}/, '$&Edited. ');
    expect(edited).not.toBe(text);
    await writeFile(claims, edited);
    source.reload([claims]);
    expect(source.staleMarks()).toEqual([]);

    // A verdict that reviewed other words makes the claim stale: its marker changes.
    await writeFile(claims, edited.replace('textHash: 748130fd4742b28c', 'textHash: abcdefabcdefabcd'));
    source.reload([claims]);
    expect(source.staleMarks()).toEqual([chapter]);
    // Until the chapter is marked again.
    expect(source.annotationsFor(chapter, await readFile(chapter, 'utf8'))).toBeDefined();
    expect(source.staleMarks()).toEqual([]);

    // A sidecar the model refuses leaves every chapter unmarked: both are stale.
    await writeFile(claims, `${edited}\nmisspelled: true\n`);
    source.reload([claims]);
    expect(source.staleMarks().sort()).toEqual([chapter, other].sort());
  });
});

describe('ModelSource in a build: the model loads in the background and is checked before it is read', () => {
  // The built module: its workers load the built derive module beside it (they cannot load TypeScript).
  const built = async (): Promise<typeof ModelSource> => ((await import(path.join(repoRoot, 'packages/astro/dist/model-source.js'))) as { ModelSource: typeof ModelSource }).ModelSource;
  const inputs = (dir: string) => ({ root: dir, options: parseOptions({ asOf: '2026-11-29' }), urls, pageUrls: urls, store: undefined, artifactsDir: path.join(dir, 'artifacts') });
  const copy = async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'research-pack-verify-'));
    await cp(path.join(repoRoot, 'content/books'), path.join(root, 'content/books'), { recursive: true });
    return root;
  };
  const failed = (error: unknown) => new Error(`load failed: ${(error as Error).message}`);

  it('makes a chapter transform wait for the model, checks it once, then publishes it', async () => {
    const dir = await copy();
    const source = new (await built())();
    source.start(inputs(dir), true);
    const checked: unknown[] = [];
    source.verify((loaded) => checked.push(loaded), failed);
    expect(checked).toEqual([]);
    const chapter = path.join(dir, 'content/books/pi/27-chapter.mdx');
    // Only chapters wait: another Markdown file of the site does not.
    expect(source.loadedFor(path.join(dir, 'src/pages/about.md'))).toBeUndefined();
    const waiting = source.loadedFor(chapter);
    expect(waiting).toBeInstanceOf(Promise);
    const loaded = await waiting;
    expect(checked).toEqual([loaded]);
    expect(source.loaded()).toBe(loaded);
    // Once loaded, nothing waits, and a check given now runs at once.
    expect(source.loadedFor(chapter)).toBeUndefined();
    source.verify((now) => checked.push(now), failed);
    expect(checked).toEqual([loaded, loaded]);
    // The workers' later passes write the cache folder: done before the copy is removed.
    await loaded.finished;
  });

  it('gives what the check throws to every chapter transform waiting, and to ready(), and publishes nothing', async () => {
    const dir = await copy();
    const source = new (await built())();
    source.start(inputs(dir), true);
    const stop = new Error('the book has errors');
    source.verify(() => {
      throw stop;
    }, failed);
    const chapter = path.join(dir, 'content/books/pi/27-chapter.mdx');
    await expect(source.loadedFor(chapter)).rejects.toBe(stop);
    await expect(source.ready()).rejects.toBe(stop);
    await expect(source.annotationsFor(chapter, await readFile(chapter, 'utf8'))).rejects.toBe(stop);
    expect(source.loaded()).toBeUndefined();
  });

  it('keeps what it marked as a Markdown chapter\'s stamp alone, and nothing of an MDX chapter, where the dev server keeps the annotations', async () => {
    const dir = await copy();
    // One chapter as plain Markdown: the plugins ask for its stamp after marking it.
    await rename(path.join(dir, 'content/books/pi/28-chapter.mdx'), path.join(dir, 'content/books/pi/28-chapter.md'));
    const mdx = path.join(dir, 'content/books/pi/27-chapter.mdx');
    const md = path.join(dir, 'content/books/pi/28-chapter.md');
    const marked = async (source: ModelSource) => {
      for (const file of [mdx, md]) expect(await source.annotationsFor(file, await readFile(file, 'utf8'))).toBeDefined();
      return (source as unknown as { marks: Map<string, unknown> }).marks;
    };
    const building = new (await built())();
    building.start(inputs(dir), true);
    // The workers' later passes write the cache folder: done before the copy is removed.
    await (await building.ready()).finished;
    const kept = await marked(building);
    expect([...kept.keys()]).toEqual([md]);
    expect(kept.get(md)).toEqual({ stamp: expect.stringMatching(/^[0-9a-f]{32}$/) });

    const dev = new ModelSource();
    dev.start(inputs(dir), false);
    const whole = await marked(dev);
    expect([...whole.keys()].sort()).toEqual([md, mdx].sort());
    // The same stamp either way.
    expect(building.marksOf(md)).toBe(dev.marksOf(md));
    expect(building.marksOf(mdx)).toBeUndefined();
    expect(dev.marksOf(mdx)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a second build in the same process from that build\'s model, not the first\'s', async () => {
    const dir = await copy();
    const source = new (await built())();
    const chapter = path.join(dir, 'content/books/pi/26-chapter.mdx');
    const claims = path.join(dir, 'content/books/pi/26-chapter.claims.yaml');
    const status = async () => {
      const annotations = await source.annotationsFor(chapter, await readFile(chapter, 'utf8'));
      return annotations?.claims.find((claim) => claim.id === 'assistant-names-model')?.status;
    };
    source.start(inputs(dir), true);
    const first = await source.ready();
    expect(await status()).toBe('supported');
    await first.finished;
    // Between the builds, the verdict is taken back.
    const text = await readFile(claims, 'utf8');
    const edited = text.replace(/(id: assistant-names-model[\s\S]*?status: )supported/, '$1unverified');
    expect(edited).not.toBe(text);
    await writeFile(claims, edited);
    source.start(inputs(dir), true);
    const checked: unknown[] = [];
    source.verify((loaded) => checked.push(loaded), failed);
    // Nothing is loaded yet for this build: the chapter waits for its model, which is checked first.
    expect(source.loaded()).toBeUndefined();
    expect(source.loadedFor(chapter)).toBeInstanceOf(Promise);
    expect(await status()).toBe('unverified');
    const second = await source.ready();
    expect(second).not.toBe(first);
    expect(checked).toEqual([second]);
    await second.finished;
  });

  it('throws what the check throws at once when the model is loaded already', async () => {
    const dir = await copy();
    const source = new (await built())();
    source.start(inputs(dir), true);
    const loaded = await source.ready();
    const stop = new Error('the book has errors');
    expect(() =>
      source.verify(() => {
        throw stop;
      }, failed),
    ).toThrow(stop);
    await loaded.finished;
  });
});
