// @ts-check
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import researchPackStarlight from '@research-pack/astro/starlight';

// The demo book as a Starlight site. Research Pack is one plugin line: it
// marks the claims on the book's docs pages, renders their popovers and
// JSON-LD, and serves research packs and reports inside Starlight's layout.
export default defineConfig({
  site: 'https://books.example.org',
  integrations: [
    starlight({
      title: 'Pi Agents',
      description: 'The Research Pack demo book, as Starlight docs.',
      plugins: [researchPackStarlight()],
      sidebar: [
        { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
        { label: 'Pi Agents', items: [{ autogenerate: { directory: 'pi' } }] },
        { label: 'Research', items: [{ label: 'Research report', link: '/research/' }, { label: 'Pi Agents report', link: '/research/books/pi/' }] },
      ],
    }),
  ],
});
