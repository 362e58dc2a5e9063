// Copies the files tsc does not emit (.astro routes and components, CSS) into dist/.
import { cp, readdir } from 'node:fs/promises';

const src = new URL('../src/', import.meta.url);
const dist = new URL('../dist/', import.meta.url);
for (const dir of ['routes', 'components', 'components/starlight', 'styles']) {
  for (const name of await readdir(new URL(`${dir}/`, src))) {
    if (/\.(astro|css)$/.test(name)) await cp(new URL(`${dir}/${name}`, src), new URL(`${dir}/${name}`, dist));
  }
}
