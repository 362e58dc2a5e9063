// The demo book lives once, in content/books/pi at the repository root. This
// site shows it as Starlight docs, so it copies the book (chapters, sidecars,
// book.yaml and the .reports/ folder) into src/content/docs/pi/ before each
// build; the copy is not committed. No symbolic links: they behave
// differently across systems and in Vite's watcher.
//
// The copy sits two folders deeper than the book, so the relative path in
// each sidecar's `# yaml-language-server: $schema=` line is rewritten to
// reach the same schema file from there: editors validate the copy too.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../../content/books/pi/', import.meta.url));
const to = fileURLToPath(new URL('../src/content/docs/pi/', import.meta.url));
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });

const modeline = /^(# yaml-language-server: \$schema=)(\S+)/;
for (const name of readdirSync(to).filter((file) => file.endsWith('.yaml'))) {
  const file = path.join(to, name);
  const text = readFileSync(file, 'utf8');
  const match = modeline.exec(text);
  // URLs and absolute paths read the same from anywhere.
  if (!match || /^[a-z][a-z0-9+.-]*:/i.test(match[2]) || path.isAbsolute(match[2])) continue;
  const schema = path.relative(to, path.resolve(from, match[2])).split(path.sep).join('/');
  writeFileSync(file, text.replace(modeline, `$1${schema}`));
}
console.log(`Copied the demo book into ${to}`);
