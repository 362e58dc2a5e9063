// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import researchPack from '@research-pack/astro';

// The demo book site. Markdown runs on Sätteri, Astro 7's default processor;
// `researchPack()` registers the claim transform on it natively.
export default defineConfig({
  site: 'https://books.example.org',
  markdown: {
    shikiConfig: {
      // Shiki stops highlighting a line after 500 ms and leaves the rest plain:
      // on a busy machine the same code block then highlights differently from
      // one build to the next. No limit keeps builds byte for byte reproducible.
      transformers: [
        {
          name: 'reproducible-highlighting',
          preprocess(code, options) {
            options.tokenizeTimeLimit = 0;
            return code;
          },
        },
      ],
    },
  },
  integrations: [mdx(), researchPack()],
});
