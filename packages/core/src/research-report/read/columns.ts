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

/** A header that holds one of these words anywhere: Chinese and Japanese put no spaces between words, and Korean joins particles to them (folded as headers are: "読んだ" loses its voicing mark). */
const holds = (...words: string[]) => {
  const folded = words.map((word) => foldAccents(word));
  return (header: string) => folded.some((word) => header.includes(word));
};

/** Either. */
const either = (...tests: Array<(header: string) => boolean>) => (header: string) => tests.some((test) => test(header));

/** A row-label column: `#`, `No.`, `Id`, `Ref`, `Claim id`, or no header at all. */
const LABEL = (header: string) => /^(|no|nr|n|num|number|numero|nummer|lfd nr|kurzel|id|ids|ref|refs|row|label|key|claim id|source id|item|番号|编号|項番|序号|번호)$/.test(header.normalize('NFC'));

/**
 * The claim-audit columns, in the order they are tried. Only the claim column is required: a row names its claim there.
 * Headers are known in English and in the words of French, German, Spanish, Japanese, Chinese and Korean reports
 * (outside researchers wrote in all six: r-28-j, r-27-k, r-28-l, r-27-m, r-28-m, r-27-n); the values the reader reads
 * stay the brief's English words.
 */
export const CLAIM_AUDIT_COLUMNS: ReadonlyArray<ColumnSpec<ClaimRole>> = [
  { role: 'label', label: '#', required: false, matches: LABEL, accepted: '#, Id, No., Claim id' },
  { role: 'location', label: 'Location', required: false, matches: (h) => /^(location|where|line|lines|snapshot line|place|emplacement|ligne|zeile|stelle|linea|ubicacion)$/.test(h) || holds('場所', '位置', '箇所', '該当行', '行番号', '行号', '위치', '행 번호', '줄 번호')(h), accepted: 'Location, Where, Line' },
  { role: 'status', label: 'Status', required: false, matches: (h) => /^(status|verdict|finding|assessment|result|statut|verdikt|estado)$/.test(h) || holds('判定', '評価', '状態', '状态', '판정', '평가', '상태')(h), accepted: 'Status, Verdict' },
  { role: 'evidence', label: 'Current evidence', required: false, matches: either(has('evidence', 'support', 'current', 'finding', 'preuve', 'evidenz', 'beleg', 'nachweis', 'evidencia', 'prueba'), holds('証拠', '根拠', '证据', '依据', '근거', '증거')), accepted: 'Current evidence, Evidence, Evidence now' },
  { role: 'claim', label: 'Claim', required: true, matches: either(has('claim', 'statement', 'assertion', 'affirmation', 'enonce', 'behauptung', 'aussage', 'afirmacion', 'declaracion'), holds('主張', '記述', '主张', '陈述', '论断', '주장')), accepted: 'Claim, Claim (snapshot line), Statement, Assertion' },
  { role: 'concern', label: 'Concern', required: false, matches: either(has('concern', 'issue', 'problem', 'risk', 'gap', 'preoccupation', 'bedenken', 'preocupacion'), holds('懸念', '問題', '課題', '疑問', '问题', '关注', '顾虑', '疑虑', '우려', '문제', '쟁점')), accepted: 'Concern, Issue, Risk' },
  { role: 'priority', label: 'Priority', required: false, matches: either(has('pri', 'severity', 'importance', 'urgency'), holds('優先', '重要度', '优先', '우선')), accepted: 'Priority, Pri., Severity' },
  {
    role: 'response',
    label: 'Proposed response',
    required: false,
    matches: either(
      has('response', 'proposal', 'proposed', 'action', 'recommend', 'change', 'fix', 'next step', 'reponse', 'proposition', 'antwort', 'vorschlag', 'empfehlung', 'respuesta', 'propuesta'),
      holds('対応', '提案', '推奨', '建议', '回应', '措施', '대응', '제안', '조치', '권고'),
    ),
    accepted: 'Proposed response, Response, Action, Recommendation',
  },
];

/** The verified and the accessed date's header words in Japanese, Chinese and Korean. */
const VERIFIED_WORDS = holds('検証', '確認日', '核实', '验证', '核对', '검증', '확인일');
const ACCESSED_WORDS = holds('閲覧日', 'アクセス', '访问', '查阅', '접근', '접속', '열람일');

/** The source-ledger columns, in the order they are tried. Only the source column is required. */
export const SOURCE_LEDGER_COLUMNS: ReadonlyArray<ColumnSpec<SourceRole>> = [
  { role: 'label', label: '#', required: false, matches: LABEL, accepted: '#, Id, No., Source id' },
  {
    role: 'dates',
    label: 'Verified / accessed',
    required: false,
    // "確認日 / 閲覧日": both dates in one column (a review's finding: the verified date was lost).
    matches: (h) => (has('verif')(h) && has('access')(h)) || /^(dates?|when)$/.test(h) || (VERIFIED_WORDS(h) && ACCESSED_WORDS(h)),
    accepted: 'Verified / accessed, Dates',
  },
  { role: 'metadata', label: 'Verified metadata', required: false, matches: has('metadata', 'bibliograph', 'citation'), accepted: 'Verified metadata, Metadata, Bibliographic data' },
  { role: 'bearsOn', label: 'Bears on', required: false, matches: either(has('bears', 'claim', 'relevant to', 'used for', 'affirmation', 'behauptung', 'aussage', 'afirmacion'), holds('主張', '主张', '주장', '论断', '陈述', '関連する', '关联的', '相关的', '관련된')), accepted: 'Bears on, Claims, Which claim' },
  { role: 'reading', label: 'Reading', required: false, matches: either(has('reading', 'read', 'coverage', 'lecture', 'lekture', 'gelesen', 'lectura'), holds('読んだ', '読了', '読み', '閲読', '阅读', '읽은', '읽기', '열람 범위')), accepted: 'Reading, Reading status' },
  { role: 'limitations', label: 'Limitations', required: false, matches: either(has('limitation', 'limits', 'caveat', 'limite', 'grenze', 'einschrankung', 'limitacion'), holds('制約', '限界', '制限', '局限', '限制', '한계', '제한', '제약')), accepted: 'Limitations, Limits, Caveats' },
  { role: 'accessed', label: 'Accessed', required: false, matches: either(has('access', 'retrieved', 'consulted', 'consulte', 'abgerufen', 'zugriff', 'acceso', 'consultado'), ACCESSED_WORDS), accepted: 'Accessed, Access date' },
  { role: 'verified', label: 'Verified', required: false, matches: either(has('verif', 'checked', 'gepruft', 'uberpruft'), VERIFIED_WORDS), accepted: 'Verified, Verification date' },
  { role: 'url', label: 'URL', required: false, matches: either(has('url', 'link', 'address', 'web', 'location', 'lien', 'adresse', 'enlace'), holds('リンク', '链接', '网址', '링크', '주소')), accepted: 'URL, Link' },
  { role: 'relation', label: 'Relation', required: false, matches: has('relation'), accepted: 'Relation' },
  { role: 'evidenceClass', label: 'Class', required: false, matches: has('class', 'kind of evidence'), accepted: 'Class, Evidence class' },
  { role: 'locator', label: 'Locator', required: false, matches: has('locator', 'where in'), accepted: 'Locator, Where in source' },
  { role: 'identifiers', label: 'Identifiers', required: false, matches: (h) => /^(identifiers?|ids?\b.*doi|doi arxiv.*)$/.test(h), accepted: 'Identifiers' },
  { role: 'doi', label: 'DOI', required: false, matches: (h) => h === 'doi', accepted: 'DOI' },
  { role: 'arxiv', label: 'arXiv', required: false, matches: (h) => /^arxiv( id)?$/.test(h), accepted: 'arXiv' },
  { role: 'authors', label: 'Authors', required: false, matches: either(has('author', 'auteur', 'autor'), holds('著者', '作者', '執筆者', '저자', '작성자')), accepted: 'Authors' },
  { role: 'published', label: 'Published', required: false, matches: (h) => /^(published|publication date|year|date published|publie|publication|date de publication|annee|veroffentlicht|erschienen|jahr|publicado|fecha de publicacion|ano)$/.test(h) || holds('公開日', '発行日', '出版日', '発表日', '出版年', '发布日期', '出版日期', '发表日期', '발행일', '게시일', '출판일', '공개일')(h), accepted: 'Published' },
  { role: 'venue', label: 'Venue', required: false, matches: (h) => /^(venue|journal|publisher|editeur|revue|verlag|zeitschrift|editorial|revista)$/.test(h) || holds('掲載', '出版社', '発行元', '媒体', '期刊', '出版方', '게재', '발행처', '매체')(h), accepted: 'Venue' },
  {
    role: 'source',
    label: 'Source',
    required: true,
    matches: either(
      has('source', 'identity', 'title', 'work', 'document', 'name', 'reference', 'what', 'quelle', 'titre', 'titel', 'fuente', 'titulo', 'identidad', 'identite', 'identitat'),
      holds('出典', '資料', '情報源', 'ソース', '文献', 'タイトル', '来源', '资料', '标题', '출처', '자료', '제목', '문헌'),
    ),
    accepted: 'Source, Identity, Title',
  },
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
