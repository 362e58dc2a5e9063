/**
 * The columns of the report's two tables: what each column holds (its role),
 * the header words that name it, and whether a table must have it.
 */

/** A column role and the header words that name it. */
export interface ColumnSpec<Role extends string> {
  role: Role;
  /** Shown in messages. */
  label: string;
  required: boolean;
  /** Whether a folded header names this role. */
  matches: (header: string) => boolean;
  /** Accepted headers, for hints. */
  accepted: string;
}

/** What a claim-audit column holds. */
export type ClaimRole = 'claimId' | 'claim' | 'evidence' | 'concern' | 'priority' | 'response';
/** What a source-ledger column holds. */
export type SourceRole =
  | 'source'
  | 'metadata'
  | 'url'
  | 'reading'
  | 'bearsOn'
  | 'limitations'
  | 'dates'
  | 'accessed'
  | 'verified'
  | 'relation'
  | 'evidenceClass'
  | 'locator'
  | 'doi'
  | 'arxiv'
  | 'authors'
  | 'published'
  | 'venue';

/** A header that has one of these words (or a word starting with one). */
const has = (...words: string[]) => (header: string) => words.some((word) => new RegExp(`(^| )${word}`).test(header));

/** The claim-audit columns, in the order they are tried. */
export const CLAIM_AUDIT_COLUMNS: ReadonlyArray<ColumnSpec<ClaimRole>> = [
  { role: 'claimId', label: 'Claim id', required: false, matches: (h) => /^(claim )?id$/.test(h), accepted: 'Claim id, Id' },
  { role: 'evidence', label: 'Current evidence', required: true, matches: has('evidence', 'support'), accepted: 'Current evidence, Evidence' },
  { role: 'claim', label: 'Claim', required: true, matches: has('claim', 'statement', 'assertion'), accepted: 'Claim, Claim (id, where), Statement' },
  { role: 'concern', label: 'Concern', required: true, matches: has('concern', 'issue', 'problem', 'risk'), accepted: 'Concern, Issue, Risk' },
  { role: 'priority', label: 'Priority', required: true, matches: has('priority', 'severity'), accepted: 'Priority, Severity' },
  {
    role: 'response',
    label: 'Proposed response',
    required: true,
    matches: has('response', 'proposal', 'proposed', 'action', 'recommend'),
    accepted: 'Proposed response, Response, Action, Recommendation',
  },
];

/** The source-ledger columns, in the order they are tried. */
export const SOURCE_LEDGER_COLUMNS: ReadonlyArray<ColumnSpec<SourceRole>> = [
  { role: 'dates', label: 'Verified / accessed', required: false, matches: (h) => (has('verif')(h) && has('access')(h)) || /^dates?$/.test(h), accepted: 'Verified / accessed, Dates' },
  { role: 'metadata', label: 'Verified metadata', required: true, matches: has('metadata', 'bibliograph', 'citation'), accepted: 'Verified metadata, Metadata, Bibliographic data' },
  { role: 'bearsOn', label: 'Bears on', required: true, matches: has('bears', 'claim', 'relevant to'), accepted: 'Bears on, Claims, Which claim' },
  { role: 'reading', label: 'Reading', required: true, matches: has('reading', 'read'), accepted: 'Reading, Reading status' },
  { role: 'limitations', label: 'Limitations', required: true, matches: has('limitation', 'limits', 'caveat'), accepted: 'Limitations, Limits, Caveats' },
  { role: 'accessed', label: 'Accessed', required: false, matches: has('access'), accepted: 'Accessed, Access date' },
  { role: 'verified', label: 'Verified', required: false, matches: has('verif'), accepted: 'Verified, Verification date' },
  { role: 'url', label: 'URL', required: true, matches: (h) => /^(url|link|address|web address)s?$/.test(h), accepted: 'URL, Link' },
  { role: 'relation', label: 'Relation', required: false, matches: has('relation'), accepted: 'Relation' },
  { role: 'evidenceClass', label: 'Class', required: false, matches: has('class'), accepted: 'Class, Evidence class' },
  { role: 'locator', label: 'Locator', required: false, matches: has('locator', 'where in'), accepted: 'Locator, Where in source' },
  { role: 'doi', label: 'DOI', required: false, matches: (h) => h === 'doi', accepted: 'DOI' },
  { role: 'arxiv', label: 'arXiv', required: false, matches: (h) => /^arxiv( id)?$/.test(h), accepted: 'arXiv' },
  { role: 'authors', label: 'Authors', required: false, matches: has('author'), accepted: 'Authors' },
  { role: 'published', label: 'Published', required: false, matches: (h) => /^(published|publication date|year)$/.test(h), accepted: 'Published' },
  { role: 'venue', label: 'Venue', required: false, matches: (h) => /^(venue|journal|publisher)$/.test(h), accepted: 'Venue' },
  { role: 'source', label: 'Source', required: true, matches: has('source', 'identity', 'title', 'work', 'document', 'name'), accepted: 'Source, Identity, Title' },
];

/** Fold a header: lowercase words separated by single spaces, markup and punctuation gone. */
export function foldHeader(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
