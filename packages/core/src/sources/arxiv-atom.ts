/**
 * Reading the arXiv API's Atom answer (`/api/query?id_list=…`): for each
 * paper, its latest version (the version suffix of the entry's `<id>`), when
 * that version was submitted (`<updated>`), when version 1 was
 * (`<published>`), its title and its authors. The API answers 200 even when
 * it fails: a malformed query gives one entry titled "Error" whose id points
 * at `/api/errors`, and an id it does not know gives no entry at all.
 */
import { parseXml, type XmlElement } from '@rgrove/parse-xml';
import { toDateTimeString } from '../schema/sources-lock.js';
import { cleanText } from './csl.js';
import { splitArxivId } from './keys.js';

/** One paper of the feed. */
export interface ArxivPaper {
  /** The id without version. */
  id: string;
  /** The latest version's number. */
  version: number | undefined;
  /** When the latest version was submitted, `YYYY-MM-DDTHH:MM:SSZ`. */
  versionDate: string | undefined;
  /** When version 1 was submitted. */
  published: string | undefined;
  title: string | undefined;
  authors: string[];
}

/**
 * The papers of an arXiv API answer.
 * @param text the answer's body, decoded.
 * @returns the papers in feed order, or why the text is not a usable feed.
 */
export function readArxivFeed(text: string): { papers: ArxivPaper[] } | { problem: string } {
  let feed: XmlElement | undefined;
  try {
    feed = parseXml(text).children.find((node): node is XmlElement => node.type === 'element');
  } catch (error) {
    const plain = cleanText(text, 120);
    return { problem: plain && !plain.startsWith('<') ? `the answer is not an Atom feed: ${plain}` : `the answer is not XML (${(error as Error).message.split('\n')[0]})` };
  }
  if (!feed || localName(feed.name) !== 'feed') return { problem: 'the answer is not an Atom feed' };
  const papers: ArxivPaper[] = [];
  for (const entry of children(feed, 'entry')) {
    const rawId = textOf(entry, 'id') ?? '';
    if (/\/api\/errors/.test(rawId)) return { problem: `arXiv answered with an error: ${textOf(entry, 'summary') ?? textOf(entry, 'title') ?? 'no reason given'}` };
    const match = /arxiv\.org\/abs\/(.+)$/i.exec(rawId);
    if (!match) continue;
    const { id, version } = splitArxivId(match[1]!);
    papers.push({
      id,
      version,
      versionDate: moment(textOf(entry, 'updated')),
      published: moment(textOf(entry, 'published')),
      title: cleanText(textOf(entry, 'title'), 2_000),
      authors: children(entry, 'author')
        .map((author) => cleanText(textOf(author, 'name'), 500))
        .filter((name): name is string => name !== undefined)
        .slice(0, 5_000),
    });
  }
  return { papers };
}

/** The element children of an element with a local name (namespace prefixes ignored). */
function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((node): node is XmlElement => node.type === 'element' && localName((node as XmlElement).name) === name);
}

/** The text of the first child element with a local name. */
function textOf(element: XmlElement, name: string): string | undefined {
  return children(element, name)[0]?.text;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** An Atom date (RFC 3339, any offset) as the lock writes moments. */
function moment(value: string | undefined): string | undefined {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(value.trim())) return undefined;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : toDateTimeString(date);
}
