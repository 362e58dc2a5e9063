/**
 * Markdown artifacts (`report.md` of a chapter, of a book, of the site) are
 * built as mdast (`mdast.ts`) and written here with `mdast-util-to-markdown`
 * and `mdast-util-gfm`, which escape every character of a text node that
 * would otherwise open a construct where it stands: a heading, a list, a
 * table column, emphasis, a link, an autolink literal, an HTML tag. Two
 * more rules make text safe for MDX too: `<` (JSX) and `{` (an expression)
 * are escaped everywhere in text.
 *
 * The layout is fixed, so the same tree gives the same bytes: `-` bullets,
 * ATX headings, tables without alignment padding under a `---` delimiter
 * row, and links written `[text](<url>)` unless they are autolinks.
 */
import type { Link, Parents, Root, Text } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers, toMarkdown, type Info, type Options, type State, type Unsafe } from 'mdast-util-to-markdown';

/**
 * Collapse text to one line: line breaks (including U+2028/U+2029/U+0085),
 * tabs and other control characters become single spaces.
 * @param text any string.
 * @returns the string on one line, trimmed.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Write a Markdown artifact.
 * @param tree the document as mdast (GFM tables and task list items allowed).
 * @returns the Markdown, ending in one newline; same tree, same bytes.
 */
export function writeMarkdown(tree: Root): string {
  return toMarkdown(tree, WRITE_OPTIONS);
}

/** What MDX reads as JSX (`<`) or as an expression (`{`) anywhere in text, as `mdast-util-mdx` escapes them. */
const MDX_UNSAFE: Unsafe[] = [
  { character: '<', inConstruct: ['phrasing'] },
  { atBreak: true, character: '<' },
  { character: '{', inConstruct: ['phrasing'] },
  { atBreak: true, character: '{' },
];

/**
 * A link as `[text](<url>)`, the form `report.md` has always had: in angle
 * brackets a destination's parentheses need no escape (the default handler
 * writes it bare unless it holds a space). Autolinks (`<https://…>`) and
 * links with a title are left to the default handler.
 */
function link(node: Link, parent: Parents | undefined, state: State, info: Info): string {
  if (node.title || defaultHandlers.link.peek(node, parent, state) === '<') return defaultHandlers.link(node, parent, state, info);
  const tracker = state.createTracker(info);
  const exit = state.enter('link');
  let subexit = state.enter('label');
  let value = tracker.move('[');
  value += tracker.move(state.containerPhrasing(node, { before: value, after: '](', ...tracker.current() }));
  subexit();
  value += tracker.move('](<');
  subexit = state.enter('destinationLiteral');
  value += tracker.move(state.safe(node.url, { before: value, after: '>', ...tracker.current() }));
  subexit();
  value += tracker.move('>)');
  exit();
  return value;
}
link.peek = defaultHandlers.link.peek;

/**
 * Text as the default handler writes it, checked only against the unsafe
 * patterns whose character occurs around it. The default runs every pattern
 * (about 95 with GFM) on every text node; one whose character is absent
 * cannot match, so leaving it out changes nothing but the time (a quarter
 * less for a chapter's `report.md`).
 */
function text(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  const all = state.unsafe;
  const subject = info.before + node.value + info.after;
  state.unsafe = all.filter((pattern) => subject.includes(pattern.character));
  try {
    return defaultHandlers.text(node, parent, state, info);
  } finally {
    state.unsafe = all;
  }
}

/**
 * How Markdown artifacts are written: `mdast-util-to-markdown` options with
 * GFM, the MDX escapes and the fixed layout. `writeMarkdown` writes with
 * these and a faster text handler of the same output.
 */
export const MARKDOWN_OPTIONS: Readonly<Options> = Object.freeze({
  bullet: '-',
  listItemIndent: 'one',
  // Every cell counts as three wide: no padding to align the columns (a long
  // claim would push every other row far to the right), and `---` delimiters.
  extensions: [gfmToMarkdown({ stringLength: () => 3 })],
  handlers: { link },
  unsafe: MDX_UNSAFE,
});

const WRITE_OPTIONS: Options = { ...MARKDOWN_OPTIONS, handlers: { ...MARKDOWN_OPTIONS.handlers, text } };
