/**
 * The planted corpus of issue 37: a fake secret in every file type the record can publish and in
 * every place it comes from (content, a schema, a fixture, a new edition folder, public/, the
 * llms.txt head), each with the line the redaction gate must print for it. The build test plants
 * it all in one copy of the repository; the peer test reads the same plants as text with
 * secretlint. The binary files are built here, so none with a fake secret is committed.
 */
import {
  EXIF_ARTIST,
  FAKE_AWS_KEY,
  FAKE_GITHUB_TOKEN,
  FAKE_PEM,
  jpeg,
  pdf,
  png,
  tarball,
  tEXt,
  tiff,
  zTXt,
} from './plantedFiles.ts';

/** Slack's documented bot-token shape and an npm token: two more families both scanners know. */
export const FAKE_SLACK_TOKEN = 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
export const FAKE_NPM_TOKEN = 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';

/** Every value planted: none may ever be printed. */
export const PLANTED_VALUES = [
  FAKE_AWS_KEY,
  FAKE_GITHUB_TOKEN,
  FAKE_SLACK_TOKEN,
  FAKE_NPM_TOKEN,
  'IOSFODNN7',
  'not-a-key',
];

export interface Plant {
  /** Repository path of the file planted (new, or changed by `change`). */
  file: string;
  /** The new file's bytes, or the change to an existing text file. */
  bytes?: () => Promise<Uint8Array> | Uint8Array;
  change?: (text: string) => string;
  /** The planted text as a text scanner reads it (for the peer comparison); none for files refused by name. */
  text?: string;
  /** The one line the gate prints for this plant: its start after the file name (place, kind and rule). */
  line: RegExp;
}

const KEY_LINE = 'an AWS access key id: AKIA… \\(20 characters\\) \\[aws-access-key-id\\]';
const GITHUB_LINE = 'a GitHub token: ghp_… \\(40 characters\\) \\[github-token\\]';
const at = (file: string, place: string, kind: string) =>
  new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${place}: ${kind}$`);

const guideText = `Deploy with the key ${FAKE_AWS_KEY}.`;
const schemaText = `Read with ${FAKE_GITHUB_TOKEN}`;
const fixtureText = `Slack ${FAKE_SLACK_TOKEN}`;
const editionText = `# Notes\n\n${FAKE_PEM}\n`;
const llmsText = `Publish with ${FAKE_NPM_TOKEN}`;

export const PLANTS: Plant[] = [
  {
    file: 'content/guides/en-us/swarm-failure-and-recovery.md',
    change: (text) => `${text.trimEnd()}\n\n${guideText}\n`,
    text: guideText,
    line: at('content/guides/en-us/swarm-failure-and-recovery.md', ':\\d+:21', KEY_LINE),
  },
  {
    file: 'schemas/uai-1/envelope.schema.json',
    change: (text) => text.replace('"description": "The twelve', `"description": "${schemaText}. The twelve`),
    text: schemaText,
    line: at('schemas/uai-1/envelope.schema.json', ':5:\\d+', GITHUB_LINE),
  },
  {
    file: 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json',
    change: (text) => {
      const packet = JSON.parse(text);
      packet.source.label = fixtureText;
      return `${JSON.stringify(packet, null, 4)}\n`;
    },
    text: fixtureText,
    line: at(
      'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json',
      ':\\d+:\\d+',
      'a Slack token: xoxb… \\(\\d+ characters\\) \\[[a-z-]+\\]',
    ),
  },
  {
    // A NEW edition folder in the copy: released editions are never edited.
    file: 'editions/2099-01-01/notes.md',
    bytes: () => Buffer.from(editionText),
    text: editionText,
    line: at(
      'editions/2099-01-01/notes.md',
      ':3:1',
      'a PEM private key: ----… \\(27 characters\\) \\[pem-private-key\\]',
    ),
  },
  {
    file: 'llms.txt',
    change: (text) => text.replace('\n\n', `\n\n${llmsText}\n\n`),
    text: llmsText,
    line: at('llms.txt', ':3:14', 'an npm token: npm_… \\(40 characters\\) \\[[a-z-]+\\]'),
  },
  {
    file: 'public/notes.txt',
    bytes: () => Buffer.from(`Notes\n  key ${FAKE_AWS_KEY}\n`),
    text: `key ${FAKE_AWS_KEY}`,
    line: at('public/notes.txt', ':2:7', KEY_LINE),
  },
  {
    file: 'public/img/comment.png',
    bytes: () => png([tEXt('Comment', FAKE_AWS_KEY)]),
    text: FAKE_AWS_KEY,
    line: at('public/img/comment.png', ' PNG tEXt chunk "Comment"', KEY_LINE),
  },
  {
    file: 'public/img/author.png',
    bytes: () => png([zTXt('Author', FAKE_GITHUB_TOKEN)]),
    text: FAKE_GITHUB_TOKEN,
    line: at('public/img/author.png', ' PNG zTXt chunk "Author"', GITHUB_LINE),
  },
  {
    file: 'public/img/comment.jpg',
    bytes: () => jpeg({ comment: FAKE_AWS_KEY }),
    text: FAKE_AWS_KEY,
    line: at('public/img/comment.jpg', ' JPEG COM segment', KEY_LINE),
  },
  {
    file: 'public/img/artist.jpg',
    bytes: () => jpeg({ exif: tiff([[EXIF_ARTIST, FAKE_GITHUB_TOKEN]]) }),
    text: FAKE_GITHUB_TOKEN,
    line: at('public/img/artist.jpg', ' JPEG EXIF ifd0 Artist', GITHUB_LINE),
  },
  {
    file: 'public/doc/author.pdf',
    bytes: () => pdf({ info: { Author: FAKE_AWS_KEY }, streamText: 'BT (plain text) Tj ET' }),
    text: FAKE_AWS_KEY,
    line: at('public/doc/author.pdf', ' PDF /Author', KEY_LINE),
  },
  {
    file: 'public/doc/stream.pdf',
    bytes: () => pdf({ info: { Title: 'plain' }, streamText: `BT (${FAKE_GITHUB_TOKEN}) Tj ET` }),
    text: `BT (${FAKE_GITHUB_TOKEN}) Tj ET`,
    line: at('public/doc/stream.pdf', ' PDF stream of object 4 0', GITHUB_LINE),
  },
  {
    file: 'public/tools/extra.tgz',
    bytes: () => tarball({ 'package/README.md': `# Extra\n\n${FAKE_AWS_KEY}\n` }),
    text: FAKE_AWS_KEY,
    line: at('public/tools/extra.tgz', ' tar entry "package/README.md" line 3:1', KEY_LINE),
  },
  {
    file: 'public/blob.bin',
    bytes: () => Buffer.from(FAKE_AWS_KEY),
    text: FAKE_AWS_KEY,
    line: at('public/blob.bin', '', 'a file of a type the gate does not read \\(\\.bin\\) \\[file-type\\]'),
  },
  {
    file: 'public/.env',
    bytes: () => Buffer.from(`AWS_ACCESS_KEY_ID=${FAKE_AWS_KEY}\n`),
    text: `AWS_ACCESS_KEY_ID=${FAKE_AWS_KEY}`,
    line: at('public/.env', '', 'a dotfile \\(\\.env\\) is never published \\[dotfile\\]'),
  },
  {
    file: 'public/id_rsa',
    bytes: () => Buffer.from(`${FAKE_PEM}\n`),
    line: at('public/id_rsa', '', 'a key or certificate file \\(id_rsa\\) is never published \\[key-file\\]'),
  },
  {
    file: 'public/deploy.pem',
    bytes: () => Buffer.from(`${FAKE_PEM}\n`),
    line: at('public/deploy.pem', '', 'a key or certificate file \\(deploy\\.pem\\) is never published \\[key-file\\]'),
  },
];
