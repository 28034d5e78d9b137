/** Byte-for-byte comparison of two built dist/ folders, for the reproducibility checks. */
import { readFileSync } from 'node:fs';
import { publicPath, walkFiles } from './site.ts';

/** Every file that differs between two dist folders, or is only in one of them. */
export function distDifferences(
  firstRoot: string,
  secondRoot: string,
  secondName: string,
): { problems: string[]; sizes: [number, number] } {
  const first = new Map(walkFiles(firstRoot).map((file) => [publicPath(file, firstRoot), file]));
  const again = new Map(walkFiles(secondRoot).map((file) => [publicPath(file, secondRoot), file]));
  const problems: string[] = [];
  for (const [path, file] of first) {
    const other = again.get(path);
    if (!other) problems.push(`${path}: only in the repository's dist/`);
    else {
      const [a, b] = [readFileSync(file), readFileSync(other)];
      if (!a.equals(b)) problems.push(`${path}: differs${firstDifference(a, b)}`);
    }
  }
  for (const path of again.keys()) if (!first.has(path)) problems.push(`${path}: only in the ${secondName}`);
  return { problems, sizes: [first.size, again.size] };
}

/** Where two files first differ, with a little context, for the failure message. */
function firstDifference(a: Buffer, b: Buffer): string {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const show = (buffer: Buffer) => JSON.stringify(buffer.subarray(Math.max(0, at - 30), at + 50).toString('utf8'));
  return ` at byte ${at}: ${show(a)} vs ${show(b)}`;
}
