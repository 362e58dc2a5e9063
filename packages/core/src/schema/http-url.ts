/**
 * The one http(s) URL check: what the sidecar schemas accept as a URL, what
 * the report reader takes from a ledger row, and what the site links. It
 * sits in the schema stage so that every later stage can import it.
 */

/** The longest URL a sidecar or a report may give. */
export const MAX_URL_LENGTH = 2_000;

/**
 * What makes a URL read otherwise than it goes: a backslash, which browsers
 * read as a slash (`https://evil.example\@good.org/` goes to evil.example);
 * a tab or line break, which they drop (`https://good.org<TAB>.evil.example/`
 * goes to good.org.evil.example); invisible or bidi characters (outside
 * reviewers' findings).
 */
const MISLEADING = /[\\\t\n\r\p{Cf}]/u;

/**
 * Whether a URL holds a character that makes it read otherwise than it goes.
 * @param value a candidate URL.
 * @returns true for a backslash, a tab or line break, or an invisible (format) character.
 */
export function misleadingUrl(value: string): boolean {
  return MISLEADING.test(value);
}

/**
 * An absolute http(s) URL with a host and without user name or password, normalized; nothing else.
 * @param value a candidate URL (surrounding white space is ignored).
 * @returns the URL's href, or undefined for any other scheme, a malformed URL or one longer than `MAX_URL_LENGTH`.
 */
export function httpUrl(value: string): string | undefined {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text) || text.length > MAX_URL_LENGTH || MISLEADING.test(text)) return undefined;
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Whether a value is, as written, an absolute http(s) URL that `httpUrl` accepts.
 * @param value a candidate URL.
 * @returns true for an http(s) URL without surrounding white space.
 */
export function isHttpUrl(value: string): boolean {
  return value === value.trim() && httpUrl(value) !== undefined;
}
