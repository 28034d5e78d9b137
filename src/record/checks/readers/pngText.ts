/**
 * The text a PNG carries beside its pixels, read with png-chunks-extract (which checks each
 * chunk's CRC): tEXt, zTXt and iTXt (inflated), eXIf (as EXIF), the iCCP profile's name and
 * profile, the sPLT palette's name. A chunk the gate does not know is refused, and so are bytes
 * after IEND: text could hide in either.
 */
import extractChunks from 'png-chunks-extract';
import { exifTexts } from './exifText.ts';
import { latin1, reasonOf, refusal, within, type Codecs, type FileContents } from './embeddedText.ts';

/** Chunks that hold only pixels, colour and timing data (PNG 3rd edition, APNG). */
const DATA_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'sBIT',
  'sRGB',
  'bKGD',
  'hIST',
  'pHYs',
  'tIME',
  'cICP',
  'mDCV',
  'cLLI',
  'acTL',
  'fcTL',
  'fdAT',
]);

const utf8 = new TextDecoder();

export async function pngTexts(bytes: Uint8Array, codecs: Codecs, place?: string): Promise<FileContents> {
  const at = (inner: string) => within(place, inner);
  let chunks: { name: string; data: Uint8Array }[];
  try {
    chunks = extractChunks(bytes);
  } catch (error) {
    return { texts: [], refusals: [refusal(place, `not a readable PNG (${reasonOf(error)})`)] };
  }
  const contents: FileContents = { texts: [], refusals: [] };
  const read = chunks.reduce((length, chunk) => length + 12 + chunk.data.length, 8);
  if (chunks.at(-1)?.name !== 'IEND') contents.refusals.push(refusal(place, 'a PNG without its IEND chunk'));
  else if (read !== bytes.length)
    contents.refusals.push(refusal(at('PNG after IEND'), `${bytes.length - read} bytes after the IEND chunk`));
  for (const { name, data } of chunks) {
    if (DATA_CHUNKS.has(name)) continue;
    const nul = data.indexOf(0);
    const keyword = latin1(data.subarray(0, Math.max(nul, 0)));
    const chunkPlace = at(`PNG ${name} chunk "${keyword}"`);
    try {
      if (name === 'tEXt')
        contents.texts.push({ place: chunkPlace, text: `${keyword}\n${latin1(data.subarray(nul + 1))}` });
      else if (name === 'zTXt')
        contents.texts.push({
          place: chunkPlace,
          text: `${keyword}\n${latin1(codecs.inflate(data.subarray(nul + 2)))}`,
        });
      else if (name === 'iTXt')
        contents.texts.push({ place: chunkPlace, text: `${keyword}\n${internationalText(data, nul, codecs)}` });
      else if (name === 'iCCP' || name === 'sPLT') {
        contents.texts.push({ place: chunkPlace, text: keyword });
        if (name === 'iCCP')
          contents.texts.push({ place: at('PNG iCCP profile'), text: latin1(codecs.inflate(data.subarray(nul + 2))) });
      } else if (name === 'eXIf') {
        const exif = await exifTexts(data, at('PNG eXIf chunk'));
        contents.texts.push(...exif.texts);
        contents.refusals.push(...exif.refusals);
      } else contents.refusals.push(refusal(at(`PNG ${name} chunk`), `a PNG chunk the gate does not read`));
    } catch (error) {
      contents.refusals.push(refusal(chunkPlace, `a PNG chunk that does not decompress (${reasonOf(error)})`));
    }
  }
  return contents;
}

/** iTXt: keyword NUL, compression flag, method, language NUL, translated keyword NUL, text (UTF-8). */
function internationalText(data: Uint8Array, nul: number, codecs: Codecs): string {
  const compressed = data[nul + 1] === 1;
  const languageEnd = data.indexOf(0, nul + 3);
  const translatedEnd = data.indexOf(0, languageEnd + 1);
  if (languageEnd < 0 || translatedEnd < 0) throw new Error('an iTXt chunk without its fields');
  const header = utf8.decode(data.subarray(nul + 3, translatedEnd)).replace('\0', '\n');
  const body = data.subarray(translatedEnd + 1);
  return `${header}\n${utf8.decode(compressed ? codecs.inflate(body) : body)}`;
}
