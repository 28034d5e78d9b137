import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './content' }),
    schema: z.object({ url: z.string(), title: z.string(), lang: z.string() }),
  }),
};
