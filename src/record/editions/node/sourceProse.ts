/**
 * Every prose text of the record's sources in one list: the content entries, the locale data files
 * and the changelog. It gathers content and editions, so it lives on the editions floor.
 */
import {
  loadClientLadder,
  loadContentEntries,
  loadRegistryCommon,
  loadUiStrings,
} from '../../content/node/contentFiles.ts';
import type { ProseText } from '../../content/proseText.ts';
import { readChangelogFiles } from './changelogFiles.ts';

/** Every prose text of the sources (Markdown entries and the data files' strings), each with its file and line. */
export function loadContentProse(): ProseText[] {
  return [
    ...loadContentEntries().prose,
    ...[loadUiStrings(), loadRegistryCommon(), loadClientLadder()].flatMap((data) =>
      data.files.flatMap((file) => file.prose),
    ),
    ...readChangelogFiles().prose,
  ];
}
