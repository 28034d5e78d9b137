/** png-chunks-extract ships no types: it returns a PNG's chunks in order, checking each CRC. */
declare module 'png-chunks-extract' {
  export default function extractChunks(data: Uint8Array): { name: string; data: Uint8Array }[];
}
