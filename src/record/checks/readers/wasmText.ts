/**
 * The text a WebAssembly module carries: its custom sections (names, producers, anything a tool
 * added) and its data section (the strings the code uses). The code itself is instructions, not
 * text. Each section must fit in the module.
 */
import { latin1, refusal, within, type FileContents } from './embeddedText.ts';

const MAGIC = [0x00, 0x61, 0x73, 0x6d];
const utf8 = new TextDecoder();

export function wasmTexts(bytes: Uint8Array, place?: string): FileContents {
  const at = (inner: string) => within(place, inner);
  if (!MAGIC.every((byte, index) => bytes[index] === byte))
    return { texts: [], refusals: [refusal(place, 'not a WebAssembly module')] };
  const contents: FileContents = { texts: [], refusals: [] };
  let offset = 8;
  while (offset < bytes.length) {
    const id = bytes[offset];
    const size = leb128(bytes, offset + 1);
    const start = size.next;
    const end = start + size.value;
    if (end > bytes.length) {
      contents.refusals.push(
        refusal(at(`WebAssembly section at byte ${offset}`), 'a section that runs past the module'),
      );
      break;
    }
    if (id === 0) {
      const nameLength = leb128(bytes, start);
      const name = utf8.decode(bytes.subarray(nameLength.next, nameLength.next + nameLength.value));
      contents.texts.push({
        place: at(`WebAssembly custom section "${name}"`),
        text: `${name}\n${latin1(bytes.subarray(nameLength.next + nameLength.value, end))}`,
      });
    } else if (id === 11)
      contents.texts.push({ place: at('WebAssembly data section'), text: latin1(bytes.subarray(start, end)) });
    offset = end;
  }
  return contents;
}

/** An unsigned LEB128 number at `offset` (at most 5 bytes, as WebAssembly's u32) and the offset after it. */
function leb128(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  let at = offset;
  for (let shift = 0; shift < 35 && at < bytes.length; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) break;
  }
  return { value, next: at };
}
