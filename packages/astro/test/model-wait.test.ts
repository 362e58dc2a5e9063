/**
 * The Vite plugin that makes chapter transforms wait for a build's model
 * (`modelWaitPlugin`): which modules it holds, and that what the model's
 * check throws is what the transform throws.
 */
import { describe, expect, it } from 'vitest';
import { modelWaitPlugin } from '../src/model-wait.js';

type Handler = (code: string, id: string) => Promise<null>;

function plugin(loadedFor: (file: string) => Promise<unknown> | undefined) {
  const made = modelWaitPlugin({ loadedFor: loadedFor as never });
  const transform = made.transform as { filter: { id: RegExp }; handler: Handler };
  return { made, filter: transform.filter.id, handler: transform.handler };
}

describe('modelWaitPlugin', () => {
  it('runs before the other plugins, on Markdown and MDX modules only', () => {
    const { made, filter } = plugin(() => undefined);
    expect(made.enforce).toBe('pre');
    for (const id of ['/site/content/books/pi/27-chapter.mdx', '/site/content/books/pi/27-chapter.md', '/site/a.MDX', '/site/a.mdx?astroPropagatedAssets']) expect(filter.test(id), id).toBe(true);
    for (const id of ['/site/src/pages/index.astro', '/site/a.mdx.ts', '/site/a.md.js']) expect(filter.test(id), id).toBe(false);
  });

  it('waits for the model with the file path (no query), and leaves the code to the next plugins', async () => {
    const asked: string[] = [];
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const { handler } = plugin((file) => {
      asked.push(file);
      return loaded;
    });
    let done = false;
    const transform = handler('# x', '/site/content/books/pi/27-chapter.mdx?astroPropagatedAssets').then((result) => {
      done = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    release();
    expect(await transform).toBeNull();
    expect(asked).toEqual(['/site/content/books/pi/27-chapter.mdx']);
  });

  it('throws what the model load rejects with', async () => {
    const stop = new Error('Research Pack found 1 problem');
    const { handler } = plugin(() => Promise.reject(stop));
    await expect(handler('# x', '/site/content/books/pi/27-chapter.mdx')).rejects.toBe(stop);
  });
});
