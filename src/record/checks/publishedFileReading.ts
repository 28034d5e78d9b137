/**
 * Reads one published file by the type the table gives its name (publishedFileTypes.ts), after
 * checking that its bytes are of that type: the texts it holds, for the redaction rules, and what
 * no reader vouches for, refused. Archives are read entry by entry, each entry by its own type.
 */
import { fileTypeOf, hasSignature, refusedName, unknownTypeOf, type Reading } from './publishedFileTypes.ts';
import {
  FILE_TYPE_RULE,
  reasonOf,
  refusal,
  within,
  type Codecs,
  type FileContents,
  type Refusal,
} from './readers/embeddedText.ts';
import { pngTexts } from './readers/pngText.ts';
import { jpegTexts } from './readers/jpegText.ts';
import { gifTexts } from './readers/gifText.ts';
import { icoTexts } from './readers/icoText.ts';
import { pdfTexts } from './readers/pdfText.ts';
import { cborStrings } from './readers/cborText.ts';
import { wasmTexts } from './readers/wasmText.ts';
import { tarEntries } from '../model/tarEntries.ts';
import { UTF8_TEXT_RULE, utf8Text } from '../content/contentBytes.ts';

export interface ReadOptions {
  codecs: Codecs;
  /** Whether an allow-list entry lets a file of `type` (`.bin`, `dotfile`) through unread here; marks it used. */
  allowsType(type: string): boolean;
}

export interface FileReading extends FileContents {
  /** How the file was read; `allow-listed` when an entry let it through unread; undefined when refused. */
  reading: Reading | 'allow-listed' | undefined;
}

/** Archives inside archives are read this deep; a deeper one is refused (a decompression bomb's shape). */
const MAX_DEPTH = 4;
const PAGEFIND_HEADER = 'pagefind_dcd';

/**
 * Reads `bytes`, the file at `path` (a published or repository path, or an archive entry's name),
 * at `place` inside the published file (undefined for the published file itself).
 */
export async function readPublishedFile(
  path: string,
  bytes: Uint8Array,
  options: ReadOptions,
  place?: string,
  depth = 0,
): Promise<FileReading> {
  const refused = (found: Refusal): FileReading => ({ reading: undefined, texts: [], refusals: [found] });
  const named = refusedName(path);
  if (named) {
    if (options.allowsType(named.type)) return { reading: 'allow-listed', texts: [], refusals: [] };
    return refused({
      ...(place === undefined ? {} : { place }),
      message: named.message,
      rule: named.rule,
      type: named.type,
    });
  }
  const row = fileTypeOf(path);
  if (!row) {
    const type = unknownTypeOf(path);
    if (options.allowsType(type)) return { reading: 'allow-listed', texts: [], refusals: [] };
    return refused({ ...refusal(place, `a file of a type the gate does not read (${type})`), type });
  }
  if (!hasSignature(row, bytes))
    return refused(refusal(place, `not a ${row.type} file: its bytes do not start as one`));
  let contents: FileContents;
  try {
    contents = await readAs(row.reader, path, bytes, options, place, depth);
  } catch (error) {
    return refused(refusal(place, `a ${row.type} file the gate cannot read (${reasonOf(error)})`));
  }
  return { reading: row.reading, ...contents };
}

async function readAs(
  reader: NonNullable<ReturnType<typeof fileTypeOf>>['reader'],
  path: string,
  bytes: Uint8Array,
  options: ReadOptions,
  place: string | undefined,
  depth: number,
): Promise<FileContents> {
  const { codecs } = options;
  switch (reader) {
    case 'text':
      return textContents(bytes, place);
    case 'png':
      return pngTexts(bytes, codecs, place);
    case 'jpeg':
      return jpegTexts(bytes, place);
    case 'gif':
      return gifTexts(bytes, place);
    case 'ico':
      return icoTexts(bytes, codecs, place);
    case 'pdf':
      return pdfTexts(bytes, codecs, place);
    case 'wasm':
      return wasmTexts(bytes, place);
    case 'pagefind':
      return pagefindContents(path, codecs.gunzip(bytes), place);
    case 'gzip': {
      if (depth >= MAX_DEPTH) return { texts: [], refusals: [refusal(place, 'an archive nested too deep to read')] };
      const inner = path.slice(0, -'.gz'.length);
      const reading = await readPublishedFile(
        inner,
        codecs.gunzip(bytes),
        options,
        within(place, 'gzip content'),
        depth + 1,
      );
      return reading;
    }
    case 'tar':
      if (depth >= MAX_DEPTH) return { texts: [], refusals: [refusal(place, 'an archive nested too deep to read')] };
      return tarContents(bytes[0] === 0x1f ? codecs.gunzip(bytes) : bytes, options, place, depth);
  }
}

/**
 * A text file: UTF-8 without a NUL (a NUL means binary data behind a text name), refused in the
 * content check's words and rule (contentBytes.ts): at its line and column in the file itself, or
 * after the place of an archive entry.
 */
function textContents(bytes: Uint8Array, place: string | undefined): FileContents {
  const read = utf8Text(bytes);
  if ('text' in read)
    return {
      texts: [place === undefined ? { text: read.text } : { place, text: read.text, positioned: true }],
      refusals: [],
    };
  if (place !== undefined)
    return {
      texts: [],
      refusals: [
        { place: `${place} line ${read.place.line}:${read.place.column}`, message: read.message, rule: UTF8_TEXT_RULE },
      ],
    };
  return { texts: [], refusals: [{ position: read.place, message: read.message, rule: UTF8_TEXT_RULE }] };
}

/** Pagefind's files, gunzipped: its header, then JSON (fragments), CBOR (index, meta) or WebAssembly. */
function pagefindContents(path: string, bytes: Uint8Array, place: string | undefined): FileContents {
  const header = new TextDecoder().decode(bytes.subarray(0, PAGEFIND_HEADER.length));
  if (header !== PAGEFIND_HEADER)
    return { texts: [], refusals: [refusal(place, 'a Pagefind file without its header')] };
  const body = bytes.subarray(PAGEFIND_HEADER.length);
  if (path.endsWith('.pf_fragment')) return textContents(body, within(place, 'Pagefind fragment JSON'));
  if (path.endsWith('.pagefind')) return wasmTexts(body, place);
  // One string a line, so a finding's line is the string's number.
  return {
    texts: [{ place: within(place, 'Pagefind CBOR strings'), text: cborStrings(body).join('\n'), positioned: true }],
    refusals: [],
  };
}

/** Every entry of a tar archive, each by its own type; links and devices are refused, pax records read as text. */
async function tarContents(
  tar: Uint8Array,
  options: ReadOptions,
  place: string | undefined,
  depth: number,
): Promise<FileContents> {
  const contents: FileContents = { texts: [], refusals: [] };
  for (const entry of await tarEntries(tar)) {
    const entryPlace = within(place, `tar entry "${entry.name}"`);
    const records = Object.entries(entry.pax).filter(([key]) => key !== 'path' && key !== 'size');
    if (records.length)
      contents.texts.push({
        place: `${entryPlace} pax`,
        text: records.map(([key, value]) => `${key}=${value}`).join('\n'),
      });
    if (entry.type === 'directory') continue;
    if (entry.type !== 'file') {
      contents.refusals.push({
        place: entryPlace,
        message: `a tar entry of type ${entry.type}, which the gate does not publish`,
        rule: FILE_TYPE_RULE,
      });
      continue;
    }
    const inner = await readPublishedFile(entry.name, entry.bytes, options, entryPlace, depth + 1);
    contents.texts.push(...inner.texts);
    contents.refusals.push(...inner.refusals);
  }
  return contents;
}
