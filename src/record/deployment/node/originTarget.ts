/**
 * A deployed copy of the record read over HTTP(S), as a host serves it: each GET has a time limit,
 * a redirect is an answer (a listed URL must answer itself), and the body is decoded from the
 * `Content-Encoding` the host chose (contentCoding.ts) before verify hashes and measures it. It uses
 * node:http rather than fetch(), which would undo some codings itself, pass others through
 * silently, and ask for codings of its own choosing.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { Fetch, Fetched } from '../verifyDeployment.ts';
import { ACCEPT_ENCODING, decodeBody } from './contentCoding.ts';

/** What went wrong with a request, in a few words (no stack, no local detail). */
function failure(error: Error, timeoutMs: number): Fetched {
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return { error: `no answer within ${timeoutMs / 1000} s` };
  return { error: `request failed (${(error as NodeJS.ErrnoException).code ?? error.message})` };
}

/** The answer's status and body; a 200's body decoded (another status's body is not judged). */
function answer(path: string, response: IncomingMessage, body: Uint8Array): Fetched {
  const status = response.statusCode ?? 0;
  if (status !== 200) return { status, bytes: body };
  const decoded = decodeBody(path, response.headers['content-encoding'], body);
  return 'error' in decoded ? decoded : { status, bytes: decoded.bytes };
}

/** GETs `path` from `origin` (`https://host[:port]`, or `http://` for a local test server). */
export function originFetch(origin: string, timeoutMs: number): Fetch {
  const get = origin.startsWith('https:') ? httpsGet : httpGet;
  return (path) =>
    new Promise<Fetched>((done) => {
      const request = get(
        `${origin}${path}`,
        { headers: { 'accept-encoding': ACCEPT_ENCODING }, signal: AbortSignal.timeout(timeoutMs) },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(answer(path, response, Buffer.concat(chunks))));
          response.on('error', (error) => done(failure(error, timeoutMs)));
        },
      );
      request.on('error', (error) => done(failure(error, timeoutMs)));
    });
}
