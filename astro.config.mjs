// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import researchPack from '@research-pack/astro';

// The demo book site. Markdown runs on Sätteri, Astro 7's default processor;
// `researchPack()` registers the claim transform on it natively.
export default defineConfig({
  site: 'https://books.example.org',
  integrations: [mdx(), researchPack()],
});
