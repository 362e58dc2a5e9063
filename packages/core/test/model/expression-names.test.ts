/**
 * Braces in MDX prose are JavaScript: a name the chapter does not define
 * fails the page ("cwnd is not defined"), where check said nothing (an
 * outside author's finding). Read with Sätteri's MDX parser, as the build does.
 */
import type { Root } from 'mdast';
import { mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { mayHoldExpressions, undefinedExpressionNames } from '../../src/model/expression-names.js';
import { formatProblems } from '../../src/problems/format.js';

const parse = (source: string) => mdxToMdast(source, { position: true }) as Root;
const warnings = (source: string) => formatProblems(undefinedExpressionNames(parse(source), 'content/books/tcp/01.mdx'));

describe('undefinedExpressionNames', () => {
  it('warns at an expression whose names nothing defines, with the two ways out', () => {
    expect(warnings('# Slow start\n\nThe sender may send min{cwnd, rwnd} bytes.\n')).toBe(
      'content/books/tcp/01.mdx:3:24  warning: "{cwnd, rwnd}" is an MDX expression, which the page runs as JavaScript, and nothing in the chapter defines "cwnd", "rwnd": the page fails to render ("cwnd is not defined")  (hint: to show the braces as text, write `\\{cwnd, rwnd\\}` or put the words in `code`; to show a value, define it in the chapter (export const cwnd = …))  [chapter/undefined-expression]',
    );
  });

  it('leaves expressions that use what the chapter imports or exports, JavaScript, MDX, their own parameters, comments and JSX', () => {
    const source = [
      "import Figure, { caption as label } from '../figure.js';",
      "import * as units from '../units.js';",
      'export const iw = 10;',
      'export const { rto, srtt } = { rto: 1, srtt: 2 };',
      '',
      'At most {iw} segments, {Math.min(iw, 4)} at first, {label} and {units.mss}, {rto + srtt}.',
      '',
      '{/* a note to myself */} {frontmatter.title} {[1, 2].map((n) => n * iw).join(", ")} {"quoted {braces}"} {<Figure />}',
      '',
    ].join('\n');
    expect(warnings(source)).toBe('');
  });

  it('walks only a chapter whose source has a brace that opens no directive\'s attributes', () => {
    expect(mayHoldExpressions('A :claim[claim]{#one} and \\{escaped\\} braces.\n')).toBe(false);
    expect(mayHoldExpressions('The sender may send min{cwnd, rwnd} bytes.\n')).toBe(true);
  });
});
