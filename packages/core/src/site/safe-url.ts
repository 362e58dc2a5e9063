/**
 * Which sidecar values may become links. Only three kinds: absolute http(s)
 * URLs, DOIs (linked through https://doi.org/) and arXiv ids (linked through
 * https://arxiv.org/abs/). Anything else (`javascript:`, `data:`, relative
 * paths, malformed URLs) is shown as text and never linked.
 */
import { httpUrl } from '../schema/http-url.js';
import type { Source } from '../schema/sidecars.js';

/** The one http(s) URL check, kept in the schema stage; linked here as before. */
export { httpUrl };

const DOI = /^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/i;
const ARXIV = /^(?:arxiv:\s*)?((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?)$/i;

/**
 * The href for a value, if it may be linked.
 * @param value an http(s) URL, a DOI (`10.…`, `doi:10.…`) or an arXiv id (`2101.00001v2`, `arxiv:…`).
 * @returns a normalized absolute https/http URL, or undefined when the value must be shown as text.
 */
export function safeHref(value: string): string | undefined {
  const text = value.trim();
  const doi = DOI.exec(text);
  if (doi) return doiUrl(doi[1]!);
  const arxiv = ARXIV.exec(text);
  if (arxiv) return arxivUrl(arxiv[1]!);
  return httpUrl(text);
}

/**
 * The resolver URL of a DOI.
 * @param doi a DOI such as `10.1145/3368089.3409742`.
 * @returns `https://doi.org/<doi>`, each path segment percent-encoded.
 */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.trim().split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The abstract page of an arXiv id.
 * @param id an arXiv id such as `1508.06576v2`.
 * @returns `https://arxiv.org/abs/<id>`.
 */
export function arxivUrl(id: string): string {
  return `https://arxiv.org/abs/${id.trim().split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Where a source is linked: its URL, else its DOI, else its arXiv id.
 * @param source a source ledger entry.
 * @returns a safe href, or undefined when the source has nothing linkable.
 */
export function sourceHref(source: Pick<Source, 'url' | 'identifiers'>): string | undefined {
  if (source.url) {
    const href = httpUrl(source.url);
    if (href) return href;
  }
  if (source.identifiers.doi) return safeHref(source.identifiers.doi);
  if (source.identifiers.arxiv) return safeHref(source.identifiers.arxiv);
  return undefined;
}
