/**
 * The text of EXIF (a TIFF structure: IFD0, Exif, GPS, Interop, IFD1) and IPTC metadata, read with
 * exifr: every string value of every tag, known or not, and every binary value (a maker note, a
 * user comment) as bytes, each at its block and tag: `EXIF ifd0 Artist`.
 */
import exifr from 'exifr';
import { latin1, refusal, reasonOf, type EmbeddedText, type FileContents } from './embeddedText.ts';

/** Every block (IFD0 is always read) and every tag as stored: nothing translated or revived, so no value is lost. */
const EXIF_OPTIONS: NonNullable<Parameters<typeof exifr.parse>[1]> = {
  tiff: true,
  exif: true,
  gps: true,
  interop: true,
  ifd1: true,
  iptc: true,
  xmp: false,
  icc: false,
  jfif: false,
  ihdr: false,
  makerNote: true,
  userComment: true,
  mergeOutput: false,
  translateValues: false,
  reviveValues: false,
  sanitize: false,
};

/** The texts of the EXIF or IPTC metadata in `bytes` (a JPEG file, or a bare TIFF block), at `place` + block + tag. */
export async function exifTexts(bytes: Uint8Array, place: string): Promise<FileContents> {
  let output: Record<string, Record<string, unknown>> | undefined;
  try {
    output = await exifr.parse(bytes, EXIF_OPTIONS);
  } catch (error) {
    return { texts: [], refusals: [refusal(place, `metadata the EXIF reader cannot read (${reasonOf(error)})`)] };
  }
  const texts: EmbeddedText[] = [];
  for (const [block, tags] of Object.entries(output ?? {})) {
    if (typeof tags !== 'object' || tags === null) continue;
    for (const [tag, value] of Object.entries(tags)) {
      const text = valueText(value);
      if (text) texts.push({ place: `${place} ${block} ${tag}`, text });
    }
  }
  return { texts, refusals: [] };
}

/** A tag's value as text: strings as they are, bytes one character each, lists joined by lines. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return latin1(value);
  if (Array.isArray(value)) return value.map(valueText).join('\n');
  return '';
}
