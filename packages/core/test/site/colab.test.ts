import { describe, expect, it } from 'vitest';
import { colabUrl, notebookGithubUrl } from '../../src/site/colab.js';

describe('colab', () => {
  const repository = { github: 'ernanhughes/programmer.ie.notebooks', branch: 'main' };

  it('derives the Colab URL from the repository, branch and path', () => {
    expect(colabUrl(repository, 'notebooks/pi/27-chapter.ipynb')).toBe(
      'https://colab.research.google.com/github/ernanhughes/programmer.ie.notebooks/blob/main/notebooks/pi/27-chapter.ipynb',
    );
    expect(colabUrl({ github: 'o/r', branch: 'release/v1' }, './a b.ipynb')).toBe('https://colab.research.google.com/github/o/r/blob/release/v1/a%20b.ipynb');
    expect(notebookGithubUrl(repository, 'n.ipynb')).toBe('https://github.com/ernanhughes/programmer.ie.notebooks/blob/main/n.ipynb');
  });

  it('gives no link for a path that leaves the repository', () => {
    for (const path of ['../x.ipynb', '/etc/passwd', 'a/../../b', 'a//b', '', 'a\\b']) expect(colabUrl(repository, path), path).toBeUndefined();
    expect(colabUrl({ github: 'nope', branch: 'main' }, 'a.ipynb')).toBeUndefined();
  });
});
