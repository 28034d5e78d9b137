/**
 * The text a JPEG carries beside its pixels: COM segments, XMP packets (XML text), EXIF and IPTC
 * (read with exifr, tag by tag), and the bytes of every other application segment (an ICC
 * profile, a vendor's block). The segments are walked to the end of the image: bytes after EOI
 * are refused, since text could hide there.
 */
import { exifTexts } from './exifText.ts';
import { latin1, refusal, within, type EmbeddedText, type FileContents, type Refusal } from './embeddedText.ts';

const XMP = 'http://ns.adobe.com/xap/1.0/\0';
const EXTENDED_XMP = 'http://ns.adobe.com/xmp/extension/\0';
const utf8 = new TextDecoder();

export async function jpegTexts(bytes: Uint8Array, place?: string): Promise<FileContents> {
  const at = (inner: string) => within(place, inner);
  const texts: EmbeddedText[] = [];
  const refusals: Refusal[] = [];
  let metadata = false;
  let offset = 2;
  let ended = false;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) {
      refusals.push(refusal(at(`JPEG byte ${offset}`), 'a JPEG segment without its marker'));
      break;
    }
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      offset += 2;
      ended = true;
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) {
      refusals.push(refusal(at(`JPEG byte ${offset}`), 'a JPEG segment longer than the file'));
      break;
    }
    const body = bytes.subarray(offset + 4, end);
    if (marker === 0xfe) texts.push({ place: at('JPEG COM segment'), text: latin1(body) });
    else if (marker >= 0xe0 && marker <= 0xef) {
      const segment = `APP${marker - 0xe0}`;
      const head = String.fromCharCode(...body.subarray(0, 40));
      if (marker === 0xe1 && head.startsWith('Exif\0')) metadata = true;
      else if (marker === 0xed && head.startsWith('Photoshop 3.0\0')) metadata = true;
      else if (marker === 0xe1 && head.startsWith(XMP))
        texts.push({ place: at('JPEG XMP'), text: utf8.decode(body.subarray(XMP.length)) });
      else if (marker === 0xe1 && head.startsWith(EXTENDED_XMP))
        texts.push({ place: at('JPEG extended XMP'), text: latin1(body.subarray(EXTENDED_XMP.length)) });
      else if (!(marker === 0xe0 && (head.startsWith('JFIF\0') || head.startsWith('JFXX\0'))))
        texts.push({ place: at(`JPEG ${segment} segment`), text: latin1(body) });
    }
    offset = marker === 0xda ? endOfScan(bytes, end) : end;
  }
  if (!ended) refusals.push(refusal(place, 'a JPEG without its end-of-image marker'));
  else if (offset < bytes.length)
    refusals.push(refusal(at('JPEG after EOI'), `${bytes.length - offset} bytes after the end-of-image marker`));
  if (metadata) {
    const exif = await exifTexts(bytes, at('JPEG EXIF'));
    texts.push(...exif.texts);
    refusals.push(...exif.refusals);
  }
  return { texts, refusals };
}

/** The offset of the first marker after entropy-coded data (0xFF followed by neither 0x00 nor a restart). */
function endOfScan(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1];
    if (next !== 0 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) return at;
  }
  return bytes.length;
}
