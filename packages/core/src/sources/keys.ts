/**
 * How a source's URL, DOI and arXiv id become keys of the sources lock, so
 * that a ledger and the lock agree on what was checked whatever its
 * spelling: a URL without its fragment (never sent to a server), a DOI in
 * lowercase (DOIs are case-insensitive), an arXiv id without its version
 * (the API answers with the latest).
 */

/**
 * The lock key of a URL.
 * @param url an absolute http(s) URL.
 * @returns the URL normalized by the WHATWG parser, without its fragment; undefined for anything else (and beyond the lock's 2,000 characters).
 */
export function urlKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '' || parsed.username || parsed.password) return undefined;
  parsed.hash = '';
  return parsed.href.length > 2_000 ? undefined : parsed.href;
}

/**
 * The lock key of a DOI.
 * @param doi a DOI such as `10.1145/3368089.3409742`.
 * @returns the DOI trimmed and in lowercase.
 */
export function doiKey(doi: string): string {
  return doi.trim().toLowerCase();
}

/**
 * An arXiv id split into the paper and its version.
 * @param id an arXiv id such as `1508.06576v2` or `hep-th/9901001`.
 * @returns the id without version (the lock key) and the version, when given.
 */
export function splitArxivId(id: string): { id: string; version: number | undefined } {
  const match = /^(.+?)v(\d+)$/.exec(id.trim());
  return match ? { id: match[1]!, version: Number(match[2]) } : { id: id.trim(), version: undefined };
}

/**
 * Compare two strings by code point, as the lock sorts its entries (independent of the locale).
 * @param a one string.
 * @param b another.
 * @returns negative, zero or positive.
 */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
