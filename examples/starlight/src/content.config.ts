import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { chapterFrontmatter } from '@research-pack/astro/loaders';

export const collections = {
  // Starlight's docs; the chapters' own keys (number, summary) are optional on every page.
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema({ extend: chapterFrontmatter }) }),
};
