import type { Link, PhrasingContent, Root, RootContent } from 'mdast';
import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { toMarkdown } from 'mdast-util-to-markdown';
import { inertText, MARKDOWN_OPTIONS, oneLine, writeInert, writeMarkdown } from '../../src/markup/markdown.js';
import { renderResearchReport } from '../../src/render/research-report.js';
import { richModel, SITE_URLS } from '../model-factory.js';
import { bulletList, code, heading, paragraph, quoteLines, recorded, recordedCell, recordedSentence, safeLink, safeUrl, siteLink, siteLinkText, table } from '../../src/markup/mdast.js';

const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
const parseMdx = (markdown: string): Root => fromMarkdown(markdown, { extensions: [mdxjs(), gfm()], mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown()] });
const md = (...children: RootContent[]): string => writeMarkdown({ type: 'root', children });

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  '![x](data:image/png;base64,AAAA)',
  '# not a heading',
  '- not a list',
  '1. not a list',
  '> not a quote',
  '*not emphasis* _nor this_ ~~nor this~~',
  '`not code`',
  '{globalThis.alert(1)}',
  'a | b | c',
  '&lt;b&gt; entity',
  '---',
  '===',
  '<!-- comment -->',
  '<https://autolink.example>',
  'back\\slash\\',
  'see https://a.example/x\\> and www.b.example> or a@b.example',
  '1 <= 2 } {',
  '[x]: https://definition.example',
  '\\# \\* \\\\ \\n',
];

describe('markdown-text', () => {
  it('round-trips hostile strings as literal text in a paragraph', () => {
    for (const value of HOSTILE) {
      const tree = parse(md(paragraph(recorded(value))));
      expect(tree.children.map((node) => node.type), value).toEqual(['paragraph']);
      expect(toString(tree), value).toBe(value);
      // GFM itself links bare http(s) URLs and e-mail addresses in text; nothing else may appear.
      const unexpected: unknown[] = [];
      visit(tree, (node) => {
        if (['root', 'paragraph', 'text'].includes(node.type)) return;
        if (node.type === 'link' && /^(https?|mailto):/.test((node as Link).url)) return;
        unexpected.push(node);
      });
      expect(unexpected, value).toEqual([]);
    }
  });

  it('keeps hostile strings literal for MDX too: no JSX, no expression', () => {
    for (const value of HOSTILE) {
      const tree = parseMdx(md(paragraph(recorded(value)), bulletList([[recorded(value)]]), table(['a'], [[[recordedCell(value)]]])));
      const kinds = new Set<string>();
      visit(tree, (node) => void kinds.add(node.type));
      expect([...kinds].filter((kind) => kind.startsWith('mdx')), value).toEqual([]);
      expect(toString(tree.children[0]!), value).toBe(value);
    }
  });

  it('keeps table cells in their column', () => {
    const tree = parse(md(table(['a', 'b'], HOSTILE.map((value) => [[recordedCell(value)], ['x']]))));
    expect(tree.children).toHaveLength(1);
    const rows = (tree.children[0] as { children: { children: unknown[] }[] }).children;
    expect(rows.every((row) => row.children.length === 2)).toBe(true);
    rows.slice(1).forEach((row, index) => expect(toString(row.children[0] as Root)).toBe(HOSTILE[index]));
    expect(recordedCell('').value).toBe('—');
  });

  it('collapses line breaks and control characters into one line', () => {
    expect(oneLine('a\nb\r\nc\u2028d\u0000e\tf  g')).toBe('a b c d e f g');
    expect(toString(parse(md(paragraph(recorded('x\n# y')))))).toBe('x # y');
  });

  it('escapes multi-line text line by line, as a block quote when asked', () => {
    const out = md(quoteLines('first <b>\n\n\n# second\n'));
    expect(out).toBe('> first \\<b>\n>\n> \\# second\n');
    const tree = parse(out);
    expect(tree.children.map((node) => node.type)).toEqual(['blockquote']);
  });

  it('links only safe targets and keeps link text literal', () => {
    expect(md(paragraph(safeLink('a [b]', 'https://x.org/a|b')))).toBe('[a \\[b\\]](<https://x.org/a%7Cb>)\n');
    expect(md(paragraph(safeLink('x', 'javascript:alert(1)')))).toBe('x\n');
    expect(md(paragraph(safeUrl('javascript:alert(1)')))).toBe('javascript:alert(1)\n');
    expect(md(paragraph(safeUrl('10.1000/xyz')))).toBe('<https://doi.org/10.1000/xyz>\n');
    expect(md(paragraph(siteLinkText('1. a', '/x')))).toBe('[1. a](</x>)\n');
  });

  it('writes code spans and sentences', () => {
    expect(md(paragraph(code('a`b')))).toBe('``a`b``\n');
    expect(toString(parse(md(paragraph(code('`x`')))))).toBe('`x`');
    expect(recordedSentence('done').value).toBe('done.');
    expect(recordedSentence('done?').value).toBe('done?');
  });

  it('writes a fixed layout: ATX headings, "-" bullets, tasks, unpadded tables, links in angle brackets', () => {
    expect(
      md(
        heading(1, 'Title'),
        bulletList([['one'], ['two ', siteLink('/research/')]]),
        heading(2, 'Tasks'),
        bulletList([['task']], { task: true }),
        table(['Claim', 'Status'], [[[siteLinkText('a-claim', 'https://books.example.org/books/pi/27-chapter/#rp-claim-a-claim')], ['supported']], [['b'], ['a much longer cell than the header']]]),
        paragraph(siteLink('https://books.example.org/research/')),
      ),
    ).toBe(
      [
        '# Title',
        '',
        '- one',
        '- two [/research/](</research/>)',
        '',
        '## Tasks',
        '',
        '- [ ] task',
        '',
        '| Claim | Status |',
        '| --- | --- |',
        '| [a-claim](<https://books.example.org/books/pi/27-chapter/#rp-claim-a-claim>) | supported |',
        '| b | a much longer cell than the header |',
        '',
        '<https://books.example.org/research/>',
        '',
      ].join('\n'),
    );
  });

  it('writes exactly what mdast-util-to-markdown writes with the same options', () => {
    const every = (value: string): RootContent[] => [
      heading(2, recorded(value)),
      paragraph('x ', recorded(value), ' ', code(value), ' ', siteLinkText(value, '/a'), ' ', safeUrl(value)),
      bulletList([[recorded(value)], [siteLink('https://x.example/'), recorded(value)]], { task: true }),
      quoteLines(`${value}\n${value}\n\n${value}`),
      table(['a', 'b'], [[[recordedCell(value)], [safeLink(value, 'https://x.example/a|b'), recorded(value)]]]),
    ];
    const trees: Root[] = HOSTILE.map((value) => ({ type: 'root', children: every(value) }));
    trees.push(parse(md(...HOSTILE.flatMap(every))), parse(renderResearchReport(richModel(), 'pi/27-chapter', SITE_URLS)));
    for (const tree of trees) expect(writeMarkdown(tree)).toBe(toMarkdown(tree, MARKDOWN_OPTIONS));
  });
});

describe('inertText', () => {
  // Pieces of ordinary prose, identifiers and every character a live-making pattern looks at.
  const pieces = ['plain words', ' ', '\n', '\r\n', '\t', 'a_b', '*', '_', '**x**', '-', '--', '=', '==', '#', '##', '<', '<b>', '</x>', '<!--', '<?', '>', '[', ']', '](', '[x](y)', '!', '`', '``', '\\', '\\<', 'C:\\dir', '@', 'x@y.example', 'mailto:', 'www.', 'www.x.example', 'now.it', 'W.x', 'http://', 'HTTPS://x', 'p:/', ':', '.', '1.', '1)', '+', '|', '~', '&amp;', '&', '"', "'", '(', ')', '{', '}', '$', '%', 'é', '\u00a0'];
  const seeded = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

  it('writes text that nothing could make live as it is, and the rest as mdast-util-to-markdown does', () => {
    const random = seeded(7);
    let changed = 0;
    for (let index = 0; index < 4000; index++) {
      let value = '';
      const length = 1 + Math.floor(random() * 8);
      for (let piece = 0; piece < length; piece++) value += pieces[Math.floor(random() * pieces.length)];
      for (const lineStart of [false, true]) {
        const written = writeInert(value, { lineStart });
        expect(inertText(value, { lineStart }), JSON.stringify({ value, lineStart })).toBe(written);
        if (written !== value) changed++;
      }
    }
    // The corpus exercises both paths.
    expect(changed).toBeGreaterThan(1000);
  });
});

describe('writeMarkdown with a row map', () => {
  // Every hostile string in every column, with links and inline code: the row map must change nothing but the time.
  const cells = [...HOSTILE, 'plain words', '', '|', 'a\\|b', 'x_y_z', '*', '`tick`', '- dash', ': colon', '-|-'];
  const rows = cells.map((text, index) => [
    [recorded(text)],
    [safeLink(text || 'empty', `https://example.org/${index}?q=${encodeURIComponent(text)}`)],
    [{ type: 'inlineCode' as const, value: text || 'x' }],
    [recorded(`${index}`), recorded(text)],
  ]);
  const tree = (title: string): Root => ({ type: 'root', children: [heading(1, title), table(['Text', 'Link', 'Code', 'Both'], rows), paragraph(recorded(title))] });

  it('writes the same bytes as GFM\'s own table handler, row by row', () => {
    const map = new Map<string, string>();
    const plain = writeMarkdown(tree('One'));
    expect(writeMarkdown(tree('One'), { rows: map })).toBe(plain);
    expect(plain).toBe(toMarkdown(tree('One'), MARKDOWN_OPTIONS));
    expect(map.size).toBe(cells.length);
    // A second document with the same rows takes them from the map, and is still the same bytes.
    const kept = [...map.values()];
    expect(writeMarkdown(tree('Two'), { rows: map })).toBe(writeMarkdown(tree('Two')));
    expect([...map.values()]).toEqual(kept);
    // Each row's line is read back as that row.
    const reread = parse(plain).children.find((node) => node.type === 'table');
    expect(reread && reread.type === 'table' && reread.children.length).toBe(cells.length + 1);
  });

  it('writes the same bytes for aligned columns, a line break kept in inline code, and tables in a quote and a list', () => {
    const aligned = { ...table(['L', 'C', 'R', 'N'], rows), align: ['left', 'center', 'right', null] as Array<'left' | 'center' | 'right' | null> };
    const broken = table(['Code'], [[[{ type: 'inlineCode', value: 'one\ntwo' }]], [[{ type: 'inlineCode', value: 'a | b' }]]]);
    const nested: Root = {
      type: 'root',
      children: [
        aligned,
        broken,
        { type: 'blockquote', children: [aligned] },
        { type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: [paragraph('item'), broken, aligned] }] },
      ],
    };
    const map = new Map<string, string>();
    expect(writeMarkdown(nested, { rows: map })).toBe(toMarkdown(nested, MARKDOWN_OPTIONS));
    expect(map.size).toBeGreaterThan(cells.length);
  });

  it('leaves a table with a short row to GFM\'s handler whole', () => {
    const short: Root = { type: 'root', children: [{ ...table(['A', 'B'], [[[recorded('a')], [recorded('b')]]]), children: [...table(['A', 'B'], [[[recorded('a')], [recorded('b')]]]).children, { type: 'tableRow', children: [{ type: 'tableCell', children: [{ type: 'text', value: 'only' }] }] }] }] };
    const map = new Map<string, string>();
    expect(writeMarkdown(short, { rows: map })).toBe(toMarkdown(short, MARKDOWN_OPTIONS));
    expect(map.size).toBe(0);
  });
});

describe('writeMarkdown against mdast-util-to-markdown, on random trees', () => {
  // Text made of the characters the unsafe patterns are about, line breaks and underscores inside words
  // included, beside the nodes a text's neighbours can be: its first characters decide what the node
  // before it writes (the text handler's `peek`), its line breaks which patterns can match.
  const character = fc.constantFrom(...'ab_w_ 1.-*+#=<>{}[]()!:/\\`&|~@\n\r\t'.split(''), 'www.', 'https://', '  \n', '1.', '![', '](', '\\[', '*_', '-:', '\u00e9', '\u{1F600}');
  const value = fc.array(character, { maxLength: 12 }).map((parts) => parts.join(''));
  const textNode = value.map((text): PhrasingContent => ({ type: 'text', value: text }));
  const phrasing: fc.Arbitrary<PhrasingContent> = fc.oneof(
    { weight: 4, arbitrary: textNode },
    { weight: 1, arbitrary: value.map((text): PhrasingContent => ({ type: 'inlineCode', value: text || 'x' })) },
    { weight: 1, arbitrary: fc.array(textNode, { minLength: 1, maxLength: 2 }).map((children): PhrasingContent => ({ type: 'emphasis', children })) },
    { weight: 1, arbitrary: fc.array(textNode, { minLength: 1, maxLength: 2 }).map((children): PhrasingContent => ({ type: 'strong', children })) },
    { weight: 1, arbitrary: fc.tuple(fc.array(textNode, { maxLength: 2 }), value).map(([children, url]): PhrasingContent => ({ type: 'link', url: `https://x.example/${url}`, children })) },
    { weight: 1, arbitrary: fc.constant<PhrasingContent>({ type: 'break' }) },
  );
  const line = fc.array(phrasing, { minLength: 1, maxLength: 6 });
  const block = fc.oneof(
    line.map((children): RootContent => ({ type: 'paragraph', children })),
    line.map((children): RootContent => ({ type: 'heading', depth: 2, children })),
    fc.array(fc.array(line, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 3 }).map((rows): RootContent => ({
      type: 'table',
      align: [null, null],
      children: [[[{ type: 'text', value: 'A' }], [{ type: 'text', value: 'B' }]] as PhrasingContent[][], ...rows].map((cells) => ({ type: 'tableRow', children: cells.map((children) => ({ type: 'tableCell', children })) })),
    })),
    line.map((children): RootContent => ({ type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] }] })),
    line.map((children): RootContent => ({ type: 'blockquote', children: [{ type: 'paragraph', children }] })),
  );

  it('writes the same bytes, with and without a row map', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), (children) => {
        const tree: Root = { type: 'root', children };
        const expected = toMarkdown(tree, MARKDOWN_OPTIONS);
        expect(writeMarkdown(tree)).toBe(expected);
        expect(writeMarkdown(tree, { rows: new Map() })).toBe(expected);
      }),
      { numRuns: 3000, seed: 20261204 },
    );
  });
});
