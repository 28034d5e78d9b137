import { defineCollection } from 'astro:content';
import {
  recordFrontmatter,
  profileFrontmatter,
  registryCommonData,
  clientLadderData,
  uiStringsData,
} from './record/content/contentSchemas.ts';
import { entryIdOf } from './record/content/contentPaths.ts';
import { contentGlob } from './site/contentGlob.ts';

const markdown = (base: string) => contentGlob('**/*.md', base, entryIdOf);
const data = (base: string) => contentGlob('*.json', base, entryIdOf);

export const collections = {
  pages: defineCollection({ loader: markdown('./content/pages'), schema: recordFrontmatter }),
  guides: defineCollection({ loader: markdown('./content/guides'), schema: recordFrontmatter }),
  registry: defineCollection({ loader: markdown('./content/registry'), schema: profileFrontmatter }),
  registryCommon: defineCollection({ loader: data('./content/registry-common'), schema: registryCommonData }),
  clientLadder: defineCollection({ loader: data('./content/client-ladder'), schema: clientLadderData }),
  i18n: defineCollection({ loader: data('./content/i18n'), schema: uiStringsData }),
};
