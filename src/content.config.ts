import { defineCollection } from 'astro:content';
import { chaptersLoader, chapterSchema } from '@research-pack/astro/loaders';

export const collections = {
  chapters: defineCollection({ loader: chaptersLoader(), schema: chapterSchema }),
};
