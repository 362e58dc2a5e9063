/**
 * Web links as HTTP's `Link` header (RFC 8288) and Memento TimeMaps
 * (`application/link-format`, RFC 6690) write them:
 * `<URI>; rel="first memento"; datetime="Tue, 20 Jun 2000 18:02:59 GMT", <URI>; rel="original"`.
 * A quoted value may hold commas and semicolons (every Memento datetime
 * does), so the text is read token by token, never split. Never throws:
 * a malformed link-value is skipped up to the next comma.
 */

/** One link-value. */
export interface WebLink {
  /** The target as written between `<` and `>` (resolve it against the answer's URL). */
  uri: string;
  /** Relation types, lowercased: `rel="first memento"` gives `['first', 'memento']`. */
  rel: string[];
  /** Every other parameter, by lowercased name; the first occurrence wins. */
  params: Record<string, string>;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const SPACE = /[ \t\r\n]/;

/**
 * Parse a `Link` header or a link-format document.
 * @param text the header's value (several headers joined with `, `), or a TimeMap's body.
 * @returns the links in order; malformed link-values are left out.
 */
export function parseLinks(text: string): WebLink[] {
  const links: WebLink[] = [];
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && SPACE.test(text[at]!)) at++;
  };
  // Skip to just after the next comma outside quotes and angle brackets.
  const recover = () => {
    let quoted = false;
    let bracketed = false;
    for (; at < text.length; at++) {
      const char = text[at]!;
      if (quoted) {
        if (char === '\\') at++;
        else if (char === '"') quoted = false;
      } else if (bracketed) {
        if (char === '>') bracketed = false;
      } else if (char === '"') quoted = true;
      else if (char === '<') bracketed = true;
      else if (char === ',') {
        at++;
        return;
      }
    }
  };
  while (at < text.length) {
    skipSpace();
    if (text[at] === ',') {
      at++;
      continue;
    }
    if (at >= text.length) break;
    if (text[at] !== '<') {
      recover();
      continue;
    }
    const close = text.indexOf('>', at + 1);
    if (close === -1) break;
    const link: WebLink = { uri: text.slice(at + 1, close).trim(), rel: [], params: {} };
    at = close + 1;
    let valid = true;
    for (;;) {
      skipSpace();
      if (at >= text.length || text[at] === ',') break;
      if (text[at] !== ';') {
        valid = false;
        break;
      }
      at++;
      skipSpace();
      const nameStart = at;
      while (at < text.length && TOKEN.test(text[at]!)) at++;
      const name = text.slice(nameStart, at).toLowerCase();
      if (name === '') {
        valid = false;
        break;
      }
      skipSpace();
      let value = '';
      if (text[at] === '=') {
        at++;
        skipSpace();
        if (text[at] === '"') {
          at++;
          let closed = false;
          for (; at < text.length; at++) {
            const char = text[at]!;
            if (char === '\\' && at + 1 < text.length) value += text[++at];
            else if (char === '"') {
              closed = true;
              at++;
              break;
            } else value += char;
          }
          if (!closed) {
            valid = false;
            break;
          }
        } else {
          const start = at;
          while (at < text.length && !/[;, \t\r\n]/.test(text[at]!)) at++;
          value = text.slice(start, at);
        }
      }
      if (name === 'rel') {
        if (link.rel.length === 0) link.rel = value.toLowerCase().split(/[ \t]+/).filter(Boolean);
      } else if (!Object.hasOwn(link.params, name)) link.params[name] = value;
    }
    if (valid) links.push(link);
    else recover();
  }
  return links;
}

/**
 * A moment as HTTP dates are written (IMF-fixdate), as `Accept-Datetime` needs it.
 * @param date a Date.
 * @returns e.g. `Sat, 10 Jan 2026 12:00:00 GMT`.
 */
export function formatHttpDate(date: Date): string {
  return date.toUTCString();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Read an HTTP date: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), and the
 * obsolete RFC 850 and asctime forms recipients must accept.
 * @param text the header's value.
 * @returns the moment, or undefined when it is not an HTTP date.
 */
export function parseHttpDate(text: string): Date | undefined {
  const value = text.trim();
  const fixdate = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (\w{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/.exec(value);
  const rfc850 = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-(\w{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/.exec(value);
  const asctime = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\w{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/.exec(value);
  let parts: [string, string, string, string, string, string] | undefined;
  if (fixdate) parts = [fixdate[3]!, fixdate[2]!, fixdate[1]!, fixdate[4]!, fixdate[5]!, fixdate[6]!];
  else if (rfc850) {
    // Two-digit years more than 50 years in the future are in the past (RFC 9110, 5.6.7); read from 1970 on, as Date does.
    const year = Number(rfc850[3]);
    parts = [String(year < 70 ? 2000 + year : 1900 + year), rfc850[2]!, rfc850[1]!, rfc850[4]!, rfc850[5]!, rfc850[6]!];
  } else if (asctime) parts = [asctime[6]!, asctime[1]!, asctime[2]!.trim(), asctime[3]!, asctime[4]!, asctime[5]!];
  if (!parts) return undefined;
  const [year, month, day, hours, minutes, seconds] = parts;
  const monthIndex = MONTHS.indexOf(month);
  if (monthIndex === -1) return undefined;
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes), Number(seconds)));
  // Reject what Date would roll over (31 Feb, 25:00).
  if (date.getUTCDate() !== Number(day) || date.getUTCHours() !== Number(hours) || date.getUTCMinutes() !== Number(minutes) || Number(seconds) > 59) return undefined;
  return date;
}
