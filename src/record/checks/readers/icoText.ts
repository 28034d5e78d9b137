/**
 * An icon file's images: each entry of its directory is a PNG (read as one, for its text) or a
 * bitmap (pixels only, nothing to read). An entry that points outside the file is refused.
 */
import { pngTexts } from './pngText.ts';
import { refusal, within, type Codecs, type FileContents } from './embeddedText.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export async function icoTexts(bytes: Uint8Array, codecs: Codecs, place?: string): Promise<FileContents> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const contents: FileContents = { texts: [], refusals: [] };
  const count = bytes.length >= 6 ? view.getUint16(4, true) : 0;
  if (bytes.length < 6 + 16 * count)
    return { texts: [], refusals: [refusal(place, 'an icon directory longer than the file')] };
  for (let index = 0; index < count; index++) {
    const entry = 6 + 16 * index;
    const size = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    const imagePlace = within(place, `ICO image ${index}`);
    if (offset + size > bytes.length) {
      contents.refusals.push(refusal(imagePlace, 'an icon image outside the file'));
      continue;
    }
    const image = bytes.subarray(offset, offset + size);
    if (!PNG_SIGNATURE.every((byte, at) => image[at] === byte)) continue;
    const png = await pngTexts(image, codecs, imagePlace);
    contents.texts.push(...png.texts);
    contents.refusals.push(...png.refusals);
  }
  return contents;
}
