/**
 * Links to a chapter's notebooks: Google Colab opens a notebook straight from
 * a public GitHub repository, so the link is derived from the book's
 * `notebooks` repository and the notebook's path — nothing is fetched.
 */

/** The part of `book.yaml` that says where notebooks are published. */
export interface NotebookRepository {
  /** GitHub repository as `owner/name`. */
  github: string;
  /** Branch of the published notebooks. */
  branch: string;
}

/**
 * The Colab link of a notebook in the book's repository.
 * @param repository `book.config.notebooks`.
 * @param path the notebook's path inside the repository, e.g. `notebooks/pi/27-chapter.ipynb`.
 * @returns `https://colab.research.google.com/github/<owner>/<repo>/blob/<branch>/<path>`,
 *   or `undefined` when the path would leave the repository (absolute, `..`, empty).
 */
export function colabUrl(repository: NotebookRepository, path: string): string | undefined {
  const tail = repositoryPath(repository, path);
  return tail === undefined ? undefined : `https://colab.research.google.com/github/${tail}`;
}

/**
 * The GitHub page of a notebook in the book's repository.
 * @param repository `book.config.notebooks`.
 * @param path the notebook's path inside the repository.
 * @returns `https://github.com/<owner>/<repo>/blob/<branch>/<path>`, or `undefined` as for `colabUrl`.
 */
export function notebookGithubUrl(repository: NotebookRepository, path: string): string | undefined {
  const tail = repositoryPath(repository, path);
  return tail === undefined ? undefined : `https://github.com/${tail}`;
}

function repositoryPath(repository: NotebookRepository, path: string): string | undefined {
  const [owner, name, ...rest] = repository.github.split('/');
  if (!owner || !name || rest.length > 0) return undefined;
  const segments = path.replace(/^\.\//, '').split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\'))) return undefined;
  const branch = repository.branch.split('/').filter((segment) => segment !== '');
  if (branch.length === 0 || branch.some((segment) => segment === '.' || segment === '..')) return undefined;
  return [owner, name, 'blob', ...branch, ...segments].map(encodeURIComponent).join('/');
}
