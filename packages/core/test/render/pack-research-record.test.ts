import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { packContext } from '../../src/render/pack-context.js';
import { notebooksSection } from '../../src/render/pack-research-record.js';
import { elements, parse, section, text } from '../hast-query.js';
import { richModel, ROOT_URLS } from '../model-factory.js';

describe('notebooksSection', () => {
  const model = richModel();
  const chapter = model.books[0]!.chapters.find((c) => c.slug === '27-chapter')!;
  const context = packContext(model, chapter, ROOT_URLS);
  const tree = parse(toHtml(notebooksSection(context)));

  it('lists notebooks with Colab links, their runs, or "unverified: no recorded run"', () => {
    const notebooks = section(tree, 'Notebooks');
    expect(elements(notebooks, (node) => node.tagName === 'a').map((a) => a.properties.href)).toEqual([
      'https://colab.research.google.com/github/example/pi-notebooks/blob/main/notebooks/pi/27-chapter.ipynb',
      'https://colab.research.google.com/github/example/pi-notebooks/blob/main/notebooks/pi/27-migrate.ipynb',
    ]);
    expect(elements(notebooks, (node) => node.tagName === 'tbody')[0]!.children.filter((n) => n.type === 'element')).toHaveLength(2);
    expect(text(notebooks)).toContain('Unverified: no recorded run.');
    expect(text(notebooks)).toContain('Availability is not evidence.');
  });
});
