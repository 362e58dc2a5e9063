/**
 * A report's own labels (`S4` for a source-ledger row, `C2` for a
 * claim-audit row) as the chapter's ids, in text the sidecars keep: a
 * concern, a source's limitations, a verdict's rationale. The labels mean
 * something only inside the report; the next researcher's brief, and a
 * reader of the pack, see the chapter's ids.
 */

/** A label that reads as one in running text: `S4`, `C12`, `R12`, `SRC-3`. */
const WORD_LABEL = /^[A-Za-z]{1,4}-?\d{1,4}$/;

/**
 * Text with a report's labels written as the ids they stand for. Inside
 * brackets a label opens a reference (`[S4]`, `[S1, S4]`, `[S7 CHANGELOG
 * 1.5.1]`, `[2]`); in running text only a label of letters and digits is
 * one, as a whole word (`S2 lists them`, `(see C4)`, `C1/C2`). A label the
 * map does not hold is left as written.
 * @param text the text as the report gives it.
 * @param ids each label's id.
 * @returns the text with those labels replaced.
 */
export function withChapterIds(text: string, ids: ReadonlyMap<string, string>): string {
  return labelReplacer(ids)(text);
}

/**
 * `withChapterIds` for many texts with one map: the pattern is made once.
 * @param ids each label's id.
 * @returns the function that replaces the labels in a text.
 */
export function labelReplacer(ids: ReadonlyMap<string, string>): (text: string) => string {
  if (ids.size === 0) return (text) => text;
  const word = (label: string) => ids.get(label) ?? label;
  const labels = [...ids.keys()].filter((label) => WORD_LABEL.test(label));
  // In running text (outside brackets): a letters-and-digits label as a whole word; brackets are matched to be skipped.
  const pattern = labels.length === 0 ? undefined : new RegExp(`(\\[[^\\[\\]]*\\])|(?<![\\w-])(${labels.map((label) => label.replace(/-/g, '\\-')).join('|')})(?![\\w-])`, 'g');
  // A range of labels ("S16–S18"): each label in it, so that none between its ends is hidden (an outside author's finding).
  const range = (whole: string, prefix: string, dash: string, from: string, to: string) => {
    const [first, last] = [Number(from), Number(to)];
    if (!(last > first && last - first <= 50)) return whole;
    const each = Array.from({ length: last - first + 1 }, (_, at) => `${prefix}${dash}${first + at}`);
    return each.every((label) => ids.has(label)) ? each.join(', ') : whole;
  };
  return (text) => {
    // Every label holds a digit: text without one names none.
    if (!/\d/.test(text)) return text;
    // After a dash the prefix may be left out ("S16–18"); after "to" it is written ("S1 to S3", not "S1 to 3 minutes").
    text = text.replace(/(?<![\w-])([A-Za-z]{1,4})(-?)(\d{1,4})(?:\s*[–—-]\s*(?:\1\2)?|\s+to\s+\1\2)(\d{1,4})(?![\w-])/g, (whole, prefix: string, dash: string, from: string, to: string) => range(whole, prefix, dash, from, to));
    // In brackets: the first word of each part a comma or semicolon separates.
    const bracketed = text.includes('[') ? text.replace(/\[([^\[\]]*)\]/g, (whole, inside: string) => `[${inside.replace(/(^|[,;]\s*)([^\s,;]+)/g, (part, before: string, first: string) => `${before}${word(first)}`)}]`) : text;
    return pattern ? bracketed.replace(pattern, (whole, inBrackets: string | undefined, label: string | undefined) => (inBrackets !== undefined ? inBrackets : word(label!))) : bracketed;
  };
}

/**
 * A replacer that leaves Markdown's code alone: fenced code blocks and code
 * spans are kept as written (`process.argv[2]` in a finding's script is no
 * reference to a ledger row labelled 2), the prose between them replaced.
 * @param replace what `labelReplacer` made.
 * @returns the function that replaces the labels in Markdown text.
 */
export function outsideCode(replace: (text: string) => string): (text: string) => string {
  const prose = (text: string) => {
    // Code spans: a run of backticks to the next run of the same length.
    let out = '';
    let last = 0;
    for (const span of text.matchAll(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g)) {
      out += replace(text.slice(last, span.index)) + span[0];
      last = span.index + span[0].length;
    }
    return out + replace(text.slice(last));
  };
  return (text) => {
    if (!text.includes('`') && !text.includes('~~~')) return replace(text);
    const lines = text.split(/(?<=\n)/);
    let out = '';
    let pending = '';
    let fence: { char: string; length: number } | undefined;
    for (const line of lines) {
      if (fence) {
        out += line;
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?\n?$/.exec(line);
        if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = undefined;
        continue;
      }
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (open) {
        out += prose(pending) + line;
        pending = '';
        fence = { char: open[1]![0]!, length: open[1]!.length };
        continue;
      }
      pending += line;
    }
    return out + prose(pending);
  };
}

/**
 * Whether text names one of the labels (as `withChapterIds` would replace it).
 * @param text any text.
 * @param replace what `labelReplacer` made.
 * @returns true when replacing would change it.
 */
export function namesLabels(text: string | undefined, replace: (text: string) => string): boolean {
  return text !== undefined && replace(text) !== text;
}
