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
export type ClaimRole = 'label' | 'claim' | 'location' | 'status' | 'evidence' | 'concern' | 'priority' | 'response';
/** What a source-ledger column holds. */
export type SourceRole =
  | 'label'
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
  | 'identifiers'
  | 'doi'
  | 'arxiv'
  | 'authors'
  | 'published'
  | 'venue';

/** A header that has one of these words (or a word starting with one). */
const has = (...words: string[]) => (header: string) => words.some((word) => new RegExp(`(^| )${word}`).test(header));

/** A row-label column: `#`, `No.`, `Id`, `Ref`, `Claim id`, or no header at all. */
const LABEL = (header: string) => /^(|no|nr|n|num|number|numero|nummer|lfd nr|kurzel|id|ids|ref|refs|row|label|key|claim id|source id|item)$/.test(header);

/**
 * The claim-audit columns, in the order they are tried. Only the claim column is required: a row names its claim there.
 * Headers are known in English and in the words of French, German and Spanish reports (outside researchers wrote in
 * German and French: r-28-j, r-27-k); the values the reader reads stay the brief's English words.
 */
export const CLAIM_AUDIT_COLUMNS: ReadonlyArray<ColumnSpec<ClaimRole>> = [
  { role: 'label', label: '#', required: false, matches: LABEL, accepted: '#, Id, No., Claim id' },
  { role: 'location', label: 'Location', required: false, matches: (h) => /^(location|where|line|lines|snapshot line|place|emplacement|ligne|zeile|stelle|linea|ubicacion)$/.test(h), accepted: 'Location, Where, Line' },
  { role: 'status', label: 'Status', required: false, matches: (h) => /^(status|verdict|finding|assessment|result|statut|verdikt|estado)$/.test(h), accepted: 'Status, Verdict' },
  { role: 'evidence', label: 'Current evidence', required: false, matches: has('evidence', 'support', 'current', 'finding', 'preuve', 'evidenz', 'beleg', 'nachweis', 'evidencia', 'prueba'), accepted: 'Current evidence, Evidence, Evidence now' },
  { role: 'claim', label: 'Claim', required: true, matches: has('claim', 'statement', 'assertion', 'affirmation', 'enonce', 'behauptung', 'aussage', 'afirmacion', 'declaracion'), accepted: 'Claim, Claim (snapshot line), Statement, Assertion' },
  { role: 'concern', label: 'Concern', required: false, matches: has('concern', 'issue', 'problem', 'risk', 'gap', 'preoccupation', 'bedenken', 'preocupacion'), accepted: 'Concern, Issue, Risk' },
  { role: 'priority', label: 'Priority', required: false, matches: has('pri', 'severity', 'importance', 'urgency'), accepted: 'Priority, Pri., Severity' },
  {
    role: 'response',
    label: 'Proposed response',
    required: false,
    matches: has('response', 'proposal', 'proposed', 'action', 'recommend', 'change', 'fix', 'next step', 'reponse', 'proposition', 'antwort', 'vorschlag', 'empfehlung', 'respuesta', 'propuesta'),
    accepted: 'Proposed response, Response, Action, Recommendation',
  },
];

/** The source-ledger columns, in the order they are tried. Only the source column is required. */
export const SOURCE_LEDGER_COLUMNS: ReadonlyArray<ColumnSpec<SourceRole>> = [
  { role: 'label', label: '#', required: false, matches: LABEL, accepted: '#, Id, No., Source id' },
  { role: 'dates', label: 'Verified / accessed', required: false, matches: (h) => (has('verif')(h) && has('access')(h)) || /^(dates?|when)$/.test(h), accepted: 'Verified / accessed, Dates' },
  { role: 'metadata', label: 'Verified metadata', required: false, matches: has('metadata', 'bibliograph', 'citation'), accepted: 'Verified metadata, Metadata, Bibliographic data' },
  { role: 'bearsOn', label: 'Bears on', required: false, matches: has('bears', 'claim', 'relevant to', 'used for', 'affirmation', 'behauptung', 'aussage', 'afirmacion'), accepted: 'Bears on, Claims, Which claim' },
  { role: 'reading', label: 'Reading', required: false, matches: has('reading', 'read', 'coverage', 'lecture', 'lekture', 'gelesen', 'lectura'), accepted: 'Reading, Reading status' },
  { role: 'limitations', label: 'Limitations', required: false, matches: has('limitation', 'limits', 'caveat', 'limite', 'grenze', 'einschrankung', 'limitacion'), accepted: 'Limitations, Limits, Caveats' },
  { role: 'accessed', label: 'Accessed', required: false, matches: has('access', 'retrieved', 'consulted', 'consulte', 'abgerufen', 'zugriff', 'acceso', 'consultado'), accepted: 'Accessed, Access date' },
  { role: 'verified', label: 'Verified', required: false, matches: has('verif', 'checked', 'gepruft', 'uberpruft'), accepted: 'Verified, Verification date' },
  { role: 'url', label: 'URL', required: false, matches: has('url', 'link', 'address', 'web', 'location', 'lien', 'adresse', 'enlace'), accepted: 'URL, Link' },
  { role: 'relation', label: 'Relation', required: false, matches: has('relation'), accepted: 'Relation' },
  { role: 'evidenceClass', label: 'Class', required: false, matches: has('class', 'kind of evidence'), accepted: 'Class, Evidence class' },
  { role: 'locator', label: 'Locator', required: false, matches: has('locator', 'where in'), accepted: 'Locator, Where in source' },
  { role: 'identifiers', label: 'Identifiers', required: false, matches: (h) => /^(identifiers?|ids?\b.*doi|doi arxiv.*)$/.test(h), accepted: 'Identifiers' },
  { role: 'doi', label: 'DOI', required: false, matches: (h) => h === 'doi', accepted: 'DOI' },
  { role: 'arxiv', label: 'arXiv', required: false, matches: (h) => /^arxiv( id)?$/.test(h), accepted: 'arXiv' },
  { role: 'authors', label: 'Authors', required: false, matches: has('author', 'auteur', 'autor'), accepted: 'Authors' },
  { role: 'published', label: 'Published', required: false, matches: (h) => /^(published|publication date|year|date published|publie|publication|date de publication|annee|veroffentlicht|erschienen|jahr|publicado|fecha de publicacion|ano)$/.test(h), accepted: 'Published' },
  { role: 'venue', label: 'Venue', required: false, matches: (h) => /^(venue|journal|publisher|editeur|revue|verlag|zeitschrift|editorial|revista)$/.test(h), accepted: 'Venue' },
  { role: 'source', label: 'Source', required: true, matches: has('source', 'identity', 'title', 'work', 'document', 'name', 'reference', 'what', 'quelle', 'titre', 'titel', 'fuente', 'titulo', 'identidad', 'identite', 'identitat'), accepted: 'Source, Identity, Title' },
];

/** The claim-audit columns a report usually has, for hints. */
export const CLAIM_AUDIT_EXAMPLE = '#, Claim, Current evidence, Concern, Priority, Proposed response';

/** The source-ledger columns a report usually has, for hints. */
export const SOURCE_LEDGER_EXAMPLE = '#, Source, Verified metadata, URL, Reading, Bears on, Limitations, Verified / accessed';

/** Text in lowercase without its accents: "Exécutées" is "executees". */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Fold a header: lowercase words separated by single spaces, accents, markup and punctuation gone ("Priorité" is "priorite"). */
export function foldHeader(text: string): string {
  return foldAccents(text)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
