// The demo book lives once, in content/books/pi at the repository root. This
// site shows it as Starlight docs, so it copies the book (chapters, sidecars,
// book.yaml and the .reports/ folder) into src/content/docs/pi/ before each
// build; the copy is not committed. No symbolic links: they behave
// differently across systems and in Vite's watcher.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../../content/books/pi/', import.meta.url));
const to = fileURLToPath(new URL('../src/content/docs/pi/', import.meta.url));
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
console.log(`Copied the demo book into ${to}`);
