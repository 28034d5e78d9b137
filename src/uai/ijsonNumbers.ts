/**
 * I-JSON numbers (RFC 7493 section 2.2): a number must mean the same to every reader. The strict
 * reader (jsonText.ts) refuses an unsafe literal as it reads it; values that did not come through
 * it (handed to the validator directly) are walked here.
 */
import { jsonPointer } from './jsonPointer.ts';

/**
 * I-JSON (RFC 7493 section 2.2): a number must mean the same to every reader. Refused: an integer
 * literal beyond ±(2^53−1), which doubles cannot hold exactly (so two different packets could share
 * a digest); a literal beyond the largest double; a non-zero literal that rounds to zero.
 * `integerLiteral` is true when the literal has neither fraction nor exponent; `exponentAt` is the
 * offset of its 'e' in `literal`, or -1.
 */
export function unsafeNumberLiteral(
  literal: string,
  value: number,
  integerLiteral: boolean,
  exponentAt: number,
): { problem: string; fix: string } | undefined {
  const shown = literal.length > 40 ? `${literal.slice(0, 40)}…` : literal;
  if (!Number.isFinite(value)) {
    return {
      problem: `number out of range: ${shown} is beyond the largest double (it would read as ${value})`,
      fix: 'use a smaller number, or send it as a string',
    };
  }
  if (integerLiteral && !Number.isSafeInteger(value)) {
    return {
      problem: `the integer ${shown} is beyond ±(2^53−1), so readers cannot hold it exactly`,
      fix: 'send integers this large as strings (I-JSON, RFC 7493)',
    };
  }
  if (value === 0 && /[1-9]/.test(exponentAt === -1 ? literal : literal.slice(0, exponentAt))) {
    return {
      problem: `the number ${shown} is so small that it would read as 0`,
      fix: 'write 0, or send the value as a string',
    };
  }
  return undefined;
}

/** Why a number handed in as a value is not I-JSON (a JSON reader never produces these), or undefined. */
export function unsafeNumberProblem(value: number): string | undefined {
  if (!Number.isFinite(value)) return `${value} is not a JSON number; use a finite number or null`;
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return `the integer ${value} is beyond ±(2^53−1), so readers cannot hold it exactly; send it as a string (I-JSON, RFC 7493)`;
  }
  return undefined;
}

/**
 * The numbers in a value that are not I-JSON, with their JSON Pointers, for values that did not
 * come through this reader (handed to the validator directly, or read as a float literal such as
 * 1e22 that is integral and beyond ±(2^53−1)). Lists at most `maxListed` and counts the rest in
 * `total`. Stops below `maxDepth`, so a cyclic value cannot overflow the stack (the canonicalizer
 * reports the cycle).
 */
export function findUnsafeNumbers(
  value: unknown,
  maxListed = Infinity,
  maxDepth = 1_000,
): { found: { path: string; problem: string }[]; total: number } {
  const found: { path: string; problem: string }[] = [];
  let total = 0;
  const path: (string | number)[] = [];
  const check = (node: number): void => {
    const problem = unsafeNumberProblem(node);
    if (problem && ++total <= maxListed) found.push({ path: jsonPointer(path), problem });
  };
  // Only containers are pushed onto the path; a leaf is checked in place (most leaves are strings).
  const visit = (node: object): void => {
    if (path.length >= maxDepth) return;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const child: unknown = node[index];
        if (typeof child === 'number') {
          if (Number.isSafeInteger(child)) continue;
          path.push(index);
          check(child);
          path.pop();
        } else if (child !== null && typeof child === 'object') {
          path.push(index);
          visit(child);
          path.pop();
        }
      }
      return;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const child: unknown = (node as Record<string, unknown>)[key];
      if (typeof child === 'number') {
        if (Number.isSafeInteger(child)) continue; // the common case, decided without a message
        path.push(key);
        check(child);
        path.pop();
      } else if (child !== null && typeof child === 'object') {
        path.push(key);
        visit(child);
        path.pop();
      }
    }
  };
  if (typeof value === 'number') check(value);
  else if (value !== null && typeof value === 'object') visit(value);
  return { found, total };
}
