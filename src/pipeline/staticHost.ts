/**
 * A small static file server over a built site (dist/), by default on 127.0.0.1 and a random free
 * port: the model of the public host that the browser, crawler and accessibility tests read, and
 * that `astro preview` serves (hostPreview.ts). It serves the site the way the public host does:
 * `/x/` is `/x/index.html`, `/x` (a folder) redirects to `/x/`, only GET and HEAD are allowed, and
 * every other path is a 404. Content types come from the file extension, then from the site's own
 * `_headers` file (the host's per-path headers, e.g. `application/schema+json` for the schemas),
 * which is itself never served. A 404 gets the matching rules' headers too (so a missing schema
 * is not cached long), except Content-Type: the not-found body is HTML.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { readHeadersFile, type HeadersFileRule } from '../record/machine/headersFileCheck.ts';
import { contentTypeHeader, extensionMediaType } from '../record/model/mediaTypes.ts';
import { hostPatternMatchesParsed } from '../record/machine/hostPathPattern.ts';

/** Files of the host's configuration, not of the site. */
const NOT_SERVED = new Set(['/_headers', '/_redirects']);

export function contentTypeOf(path: string): string {
  return contentTypeHeader(extensionMediaType(path));
}

/**
 * Netlify/Cloudflare `_headers`: a path pattern then indented `Name: value` lines, read and matched
 * by the record's one reader and matcher of the file (headersFileCheck.ts, hostPathPattern.ts).
 */
export function parseHeadersFile(text: string): HeadersFileRule[] {
  return readHeadersFile(text).rules;
}

/** Whether a rule of the file applies to a request path, as the hosts decide it. */
export function ruleApplies(rule: HeadersFileRule, path: string): boolean {
  return rule.parsed !== undefined && hostPatternMatchesParsed(rule.parsed, path);
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Absolute URL of a site path. */
  url(path: string): string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** Apply the site's `_headers` file (default true). */
  headersFile?: boolean;
  /** Where to listen (default 127.0.0.1, and a free port). */
  host?: string;
  port?: number;
}

/**
 * The headers every matching rule sets, under the defaults' names so a rule replaces a default;
 * `except` names (lower case) are left out.
 */
function ruleHeaders(rules: readonly HeadersFileRule[], path: string, except: string[] = []): Record<string, string> {
  const defaults: Record<string, string> = { 'content-type': 'Content-Type', 'cache-control': 'Cache-Control' };
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!ruleApplies(rule, path)) continue;
    for (const [name, value] of rule.headers)
      if (!except.includes(name.toLowerCase())) headers[defaults[name.toLowerCase()] ?? name] = value;
  }
  return headers;
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
  head: boolean,
) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  response.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
  response.end(head ? undefined : bytes);
}

/** Answers one request from the files under `base` as the public host would. */
function serveRequest(
  base: string,
  rules: readonly HeadersFileRule[],
  request: IncomingMessage,
  response: ServerResponse,
) {
  const method = request.method ?? 'GET';
  const head = method === 'HEAD';
  if (method !== 'GET' && method !== 'HEAD') {
    send(
      response,
      405,
      { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      'Method Not Allowed\n',
      false,
    );
    return;
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    send(response, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad Request\n', head);
    return;
  }
  const notFound = () =>
    send(
      response,
      404,
      { ...ruleHeaders(rules, path, ['content-type']), 'Content-Type': 'text/html; charset=utf-8' },
      '<!DOCTYPE html><title>Not found</title><h1>Not found</h1>\n',
      head,
    );
  if (path.includes('\0') || NOT_SERVED.has(path)) return notFound();
  const file = resolve(base, `.${path}`);
  if (file !== base && !file.startsWith(base + sep)) return notFound();
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return notFound();
  }
  let served = file;
  if (stats.isDirectory()) {
    if (!path.endsWith('/')) {
      send(
        response,
        301,
        { Location: `${url.pathname}/${url.search}`, 'Content-Type': 'text/plain; charset=utf-8' },
        'Moved Permanently\n',
        head,
      );
      return;
    }
    served = join(file, 'index.html');
    if (!existsSync(served)) return notFound();
  } else if (path.endsWith('/')) {
    return notFound();
  }
  send(
    response,
    200,
    { 'Content-Type': contentTypeOf(served), 'Cache-Control': 'no-cache', ...ruleHeaders(rules, path) },
    readFileSync(served),
    head,
  );
}

export async function startStaticServer(root: string, options: StaticServerOptions = {}): Promise<StaticServer> {
  const base = resolve(root);
  const headersPath = join(base, '_headers');
  const rules =
    options.headersFile !== false && existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];

  const server = createServer((request, response) => {
    try {
      serveRequest(base, rules, request, response);
    } catch (error) {
      if (!response.headersSent)
        send(response, 500, { 'Content-Type': 'text/plain; charset=utf-8' }, `${(error as Error).message}\n`, false);
      else response.destroy();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    origin,
    port,
    url: (path: string) => new URL(path, origin).href,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
