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
import { createHash } from 'node:crypto';
import type { InlineCode, Link, Parents, Root, Table, Text } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
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
export function writeMarkdown(tree: Root, options: WriteMarkdownOptions = {}): string {
  const outer = rowMemo;
  rowMemo = options.rows;
  try {
    return toMarkdown(tree, WRITE_OPTIONS);
  } finally {
    rowMemo = outer;
  }
}

/** Options of `writeMarkdown`. */
export interface WriteMarkdownOptions {
  /**
   * Table rows already written, by a digest of their content: documents
   * written with the same memo (a site's report and each of its books'
   * reports hold the same rows) write each row once.
   */
  rows?: RowMemo | undefined;
}

/** Written table rows (a `Map` will do): the line of each, by a digest of the row (see `writeMarkdown`). */
export interface RowMemo {
  get(key: string): string | undefined;
  set(key: string, line: string): unknown;
}

/** The rows of the `writeMarkdown` call under way. */
let rowMemo: RowMemo | undefined;

/** Cells are three wide, as in `MARKDOWN_OPTIONS`. */
const TABLE_OPTIONS = { stringLength: () => 3 };
const gfmTable = gfmTableToMarkdown(TABLE_OPTIONS).handlers!.table!;

/**
 * A table as GFM's handler writes it, row by row. Without alignment
 * padding (every cell counts as three wide) a row's line does not depend
 * on the other rows, so a row is written as the one row of a table of its
 * own and kept: the header and its delimiter row, then each row's line. A
 * table whose rows do not all have a cell per column (the handler would
 * pad them) is left to the handler whole.
 */
function table(node: Table, parent: Parents | undefined, state: State, info: Info): string {
  const memo = rowMemo;
  const columns = node.align?.length ?? 0;
  if (!memo || node.children.length < 2 || node.children.some((row) => row.children.length !== columns)) return gfmTable(node, parent, state, info);
  const [head, ...rows] = node.children;
  const lines = [gfmTable({ ...node, children: [head!] }, parent, state, info)];
  for (const row of rows) {
    const key = createHash('sha256').update(JSON.stringify([node.align, row])).digest('base64url');
    let line = memo.get(key);
    if (line === undefined) {
      // The row as a header: its line is all before the delimiter row (a line break kept in inline code included).
      const alone = gfmTable({ ...node, children: [row] }, parent, state, info);
      memo.set(key, (line = alone.slice(0, alone.lastIndexOf('\n'))));
    }
    lines.push(line);
  }
  return lines.join('\n');
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
  value += tracker.move(withUnsafeFor(state, value + node.url + '>', () => state.safe(node.url, { before: value, after: '>', ...tracker.current() })));
  subexit();
  value += tracker.move('>)');
  exit();
  return value;
}
link.peek = defaultHandlers.link.peek;

/**
 * Text as the default handler writes it, checked only against the unsafe
 * patterns whose character occurs around it (`link` does the same for a
 * destination). The default runs every pattern (about 95 with GFM) on every
 * text node; one whose character is absent cannot match, so leaving it out
 * changes nothing but the time (a quarter less for a chapter's `report.md`).
 */
function text(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  return withUnsafeFor(state, info.before + node.value + info.after, () => defaultHandlers.text(node, parent, state, info));
}

/**
 * What `text` writes first, for the node before it: `containerPhrasing`
 * asks each next sibling for its first character, with nothing before it,
 * and without a `peek` the whole text is written for that. Only a pattern
 * of the first character can escape it, and only one of the second can
 * make that escape be skipped (`safe` skips a character escaped for what
 * follows it when what follows is escaped anyway; a pattern that needs a
 * line break after the second needs it at the third), so those patterns
 * are run: the first character comes out as `text` writes it. With
 * something before (which `safe`'s rule for `_` inside a word reads past
 * the third character for), the whole text is written.
 */
text.peek = function peekText(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  if (info.before) return text(node, parent, state, info);
  return withUnsafeFor(state, node.value.slice(0, 3) + info.after, () => defaultHandlers.text(node, parent, state, info));
};

/** Run `write` with only the unsafe patterns whose character occurs in `subject` (the others cannot match it). */
function withUnsafeFor(state: State, subject: string, write: () => string): string {
  const all = state.unsafe;
  state.unsafe = unsafeFor(all, subject);
  try {
    return write();
  } finally {
    state.unsafe = all;
  }
}

/**
 * For each list of unsafe patterns: its distinct characters, where each ASCII
 * one is (its bit in `unsafeFor`'s key, by character code: -1 for none), the
 * others (looked for with `includes`), and its filtered lists by key.
 */
const unsafeIndex = new WeakMap<State['unsafe'], UnsafeIndex>();

interface UnsafeIndex {
  characters: string[];
  bits: Int8Array;
  others: number[];
  lists: Map<number, State['unsafe']>;
  byOthers?: Map<string, Map<number, State['unsafe']>>;
}

/** The bits of `unsafeFor`'s key: 52 (a number holds them exactly), one of them for a line break. */
const KEY_BITS = 52;
const LINE_BREAK_BIT = KEY_BITS - 1;

/**
 * Whether a pattern can only match after or before a line break: one at a
 * break (`[\r\n][\t ]*` opens its expression, unless it is anchored to
 * the node before), or one whose character must follow or precede a line
 * ending (trailing and leading spaces of a line). In text on one line
 * they cannot match: of the fourteen patterns whose characters a line of
 * prose usually holds, seven.
 */
function needsLineBreak(pattern: Unsafe): boolean {
  if (pattern.beforeNode) return pattern.afterNode ? false : pattern.after === '[\\r\\n]';
  return pattern.atBreak === true || pattern.before === '[\\r\\n]' || (!pattern.afterNode && pattern.after === '[\\r\\n]');
}

function indexOf(all: State['unsafe']): UnsafeIndex {
  let index = unsafeIndex.get(all);
  if (index) return index;
  const characters = [...new Set(all.map((pattern) => pattern.character))];
  const bits = new Int8Array(128).fill(-1);
  const others: number[] = [];
  characters.forEach((character, at) => {
    const code = character.charCodeAt(0);
    // One bit for each ASCII character while they last; the others are looked for one by one. With GFM
    // the patterns have 57 distinct characters (the control characters among them), more than a key's 51.
    // Filtering those lists anew each time, uncached, made a chapter's report.md a fifth slower.
    if (character.length === 1 && code < 128 && at < LINE_BREAK_BIT) bits[code] = at;
    else others.push(at);
  });
  index = { characters, bits, others, lists: new Map() };
  unsafeIndex.set(all, index);
  return index;
}

/**
 * The patterns of `all` that can match `subject`, in their order: those
 * whose character occurs in it, and of those that need a line break
 * (`needsLineBreak`) only when it holds one. What `all.filter(...)` gives,
 * with one pass over the subject (which of the patterns' characters and
 * whether a line break occur, as the bits of a number) and the list made
 * once for each set that occurs.
 * @param all the unsafe patterns.
 * @param subject the text around and in the node.
 * @returns the patterns that can match.
 */
function unsafeFor(all: State['unsafe'], subject: string): State['unsafe'] {
  const index = indexOf(all);
  const { bits } = index;
  // Bits 0–30 in `low`, 31–51 in `high`: each an integer the bit operators keep exact.
  let low = 0;
  let high = 0;
  for (let at = 0; at < subject.length; at++) {
    const code = subject.charCodeAt(at);
    if (code >= 128) continue;
    // A line feed or carriage return may be a pattern's character too: then both bits.
    if (code === 10 || code === 13) high |= 1 << (LINE_BREAK_BIT - 31);
    const bit = bits[code]!;
    if (bit < 0) continue;
    if (bit < 31) low |= 1 << bit;
    else high |= 1 << (bit - 31);
  }
  const key = high * 2 ** 31 + low;
  let others = '';
  for (const at of index.others) if (subject.includes(index.characters[at]!)) others += `${at},`;
  const lists = others ? othersList(index, others) : index.lists;
  let list = lists.get(key);
  if (!list) {
    const lineBreak = subject.includes('\n') || subject.includes('\r');
    list = all.filter((pattern) => subject.includes(pattern.character) && (lineBreak || !needsLineBreak(pattern)));
    lists.set(key, list);
  }
  return list;
}

/** The lists of a set of the characters `unsafeFor` looks for one by one (as `1,4,`): a key's bits cannot tell those apart. */
function othersList(index: UnsafeIndex, others: string): Map<number, State['unsafe']> {
  const byOthers = (index.byOthers ??= new Map());
  let lists = byOthers.get(others);
  if (!lists) byOthers.set(others, (lists = new Map()));
  return lists;
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
  extensions: [gfmToMarkdown(TABLE_OPTIONS)],
  handlers: { link },
  unsafe: MDX_UNSAFE,
});

const WRITE_OPTIONS: Options = { ...MARKDOWN_OPTIONS, handlers: { ...MARKDOWN_OPTIONS.handlers, text, table } };

/**
 * A line of underline dashes (`---`, `-`) right under text makes that text a
 * setext heading; `mdast-util-to-markdown` escapes every `-` opening a line
 * (lists too), so the brief adds this narrower pattern instead.
 */
const SETEXT_DASHES: Unsafe = { atBreak: true, character: '-', after: '-*[ \\t]*(?:[\\r\\n]|$)' };
/** `](` closes the text of an inline link or image; escaping its `]` keeps `[text](url)` text without a backslash in every `a[i]`. */
const LINK_CLOSE: Unsafe = { character: ']', after: '\\(', inConstruct: 'phrasing' };
/** Protocol autolink literals whatever their case (`HTTPS://`): GFM's own pattern lists only `p:` and `s:`. */
const PROTOCOL_ANY_CASE: Unsafe = { character: ':', before: '[PpSs]', after: '\\/', inConstruct: 'phrasing' };

/**
 * The unsafe patterns that keep text from becoming live when read as GFM:
 * an HTML tag or autolink (`<` before a letter, `!`, `/`, `?`), a link or
 * image (`](`), a definition (`[` opening a line), an autolink literal (`www.`, `x@y`, `https://`,
 * GFM's own patterns), and a heading (`#`, `=` or dashes opening a line).
 * Emphasis, code, entities and lists are left as they are: they do not make
 * text live, and escaping them would put backslashes in every identifier.
 */
function isLiveMaking(pattern: Unsafe): boolean {
  if (pattern === SETEXT_DASHES || pattern === PROTOCOL_ANY_CASE || pattern === LINK_CLOSE) return true;
  const where = [pattern.inConstruct ?? []].flat();
  const phrasing = pattern.atBreak === true || where.includes('phrasing');
  if (pattern.character === '<') return phrasing;
  // A `[` opening a line can start a definition; elsewhere `[` links only with a definition (the brief writes none) or a `](`.
  if (pattern.character === '[') return pattern.atBreak === true;
  if (pattern.character === '#' || pattern.character === '=') return pattern.atBreak === true && pattern.before === undefined;
  if (pattern.character === '@' || pattern.character === ':') return where.includes('phrasing');
  return pattern.character === '.' && pattern.before === '[Ww]';
}

/**
 * What GFM would link by itself in text: `http(s)://…`, `www.…`, e-mail
 * addresses (also `mailto:` and `xmpp:`), as `mdast-util-gfm-autolink-literal`
 * finds them, a little wider. remark finds these in the text after escapes
 * are resolved, so a backslash does not stop it; a code span does, and
 * keeps the address whole for copying.
 */
const AUTOLINK_LITERAL = /(?:https?:\/\/|www\.)\S+|(?:(?:mailto|xmpp):)?[\w+.-]+@[\w-]+(?:\.[\w-]+)+\S*/gi;

/**
 * The text as phrasing: each address GFM would link in a code span, and a
 * line that opens with `==` (the brief's section lines, `== 9. Required
 * output ==`) as a code span of its own, so that neither the text nor its
 * rendering can pass for one; the rest as text.
 */
function phrasingOf(value: string, lineStart: boolean): Array<Text | InlineCode> {
  const nodes: Array<Text | InlineCode> = [];
  value.split('\n').forEach((line, index) => {
    if (index > 0) nodes.push({ type: 'text', value: '\n' });
    if ((index > 0 || lineStart) && /^[ \t]*==/.test(line)) {
      nodes.push({ type: 'inlineCode', value: line });
      return;
    }
    let last = 0;
    for (const match of line.matchAll(AUTOLINK_LITERAL)) {
      const address = match[0].replace(/[)\].,;:!?'"]+$/, '');
      nodes.push({ type: 'text', value: line.slice(last, match.index) }, { type: 'inlineCode', value: address });
      last = match.index + address.length;
    }
    nodes.push({ type: 'text', value: line.slice(last) });
  });
  // Adjacent text nodes are written as one, so patterns see the whole line.
  const merged: Array<Text | InlineCode> = [];
  for (const node of nodes) {
    const previous = merged.at(-1);
    if (node.type === 'text' && previous?.type === 'text') previous.value += node.value;
    else if (node.value !== '') merged.push(node);
  }
  return merged;
}

/** Options that serialize one text value with only the live-making patterns. */
const INERT_OPTIONS: Options = {
  extensions: [gfmToMarkdown()],
  unsafe: [SETEXT_DASHES, PROTOCOL_ANY_CASE, LINK_CLOSE],
  handlers: {
    root(node, _parent, state) {
      const { value, lineStart } = node.data as unknown as { value: string; lineStart: boolean };
      const all = state.unsafe;
      const nodes = phrasingOf(value, lineStart);
      // Beside a code span of ours, a backtick of the text could pair with its fence: escape those too.
      const coded = nodes.some((child) => child.type === 'inlineCode');
      state.unsafe = all.filter((pattern) => isLiveMaking(pattern) || (coded && pattern.character === '`'));
      const exitParagraph = state.enter('paragraph');
      const exitPhrasing = state.enter('phrasing');
      try {
        let written = '';
        nodes.forEach((child, index) => {
          const before = written === '' ? (lineStart ? '\n' : ' ') : written.slice(-1);
          const after = nodes[index + 1]?.type === 'inlineCode' ? '`' : ' ';
          written += child.type === 'text' ? state.safe(child.value, { before, after }) : defaultHandlers.inlineCode(child, undefined, state);
        });
        return written;
      } finally {
        exitPhrasing();
        exitParagraph();
        state.unsafe = all;
      }
    },
  },
};

/**
 * Text that reads the same as plain text and stays text when read as GFM
 * Markdown: no HTML tag, link, image, autolink (also `www.` and e-mail
 * literals) or heading can come from it. An address GFM would link is put
 * in a code span; otherwise only the characters that would open something
 * are backslash-escaped, by `mdast-util-to-markdown`'s own patterns (and
 * GFM's), so ordinary prose and identifiers such as `a_b` or `*` keep no
 * backslash.
 * @param value any text, one line or several.
 * @param options `lineStart` when the text opens a line (or a list item's content), where headings can start.
 * @returns the text, escaped where it must be.
 */
export function inertText(value: string, options: { lineStart?: boolean } = {}): string {
  // Most text holds nothing that any of these patterns (or a code span of ours) could match: it is written as it is.
  return MAY_BE_LIVE.test(value) ? writeInert(value, options) : value;
}

/**
 * Whether text may hold something `writeInert` changes: a character of a
 * live-making pattern (`<`, `[`, `]`, `#`, `=`, `@`, a backtick, a
 * backslash), a protocol (`:/`), `www.` or `w.` before a word character
 * (GFM's patterns), or a line opening with a dash or `=`. Wider than the patterns
 * themselves; what it lets through, they would leave as it is.
 */
const MAY_BE_LIVE = /[<[\]#=@\\`]|:\/|[Ww]\.[-.\w]|[Ww]{3}\.|(?:^|[\r\n])[ \t]*[-=]/;

/**
 * `inertText` by `mdast-util-to-markdown` itself, for any text (`inertText`
 * skips it for text that holds nothing it would change).
 * @param value any text, one line or several.
 * @param options `lineStart` when the text opens a line.
 * @returns the text, escaped where it must be.
 */
export function writeInert(value: string, options: { lineStart?: boolean } = {}): string {
  const tree = { type: 'root', children: [], data: { value, lineStart: options.lineStart === true } } as unknown as Root;
  // `safe` doubles every backslash before punctuation, so that Markdown shows it; only one before a
  // character escaped here (an odd run) must stay doubled, the others read as the author wrote them.
  const written = toMarkdown(tree, INERT_OPTIONS);
  // toMarkdown ends a document with a line ending; the text's own last one stays.
  return (written.endsWith('\n') && !value.endsWith('\n') ? written.slice(0, -1) : written).replace(/(\\+)(?=[!-/:-@[-`{-~])/g, (run) => (run.length % 2 === 0 ? run.slice(0, run.length / 2) : run));
}
