/**
 * Every page Astro renders in a build passes here on its way to its file: when the build listens
 * (renderedPages.ts), it gets the page's bytes, exactly those Astro then writes. Any other response
 * (a redirect, a page without a body, anything under `astro dev`) goes through untouched.
 */
import { defineMiddleware } from 'astro:middleware';
import { isListeningToRenderedPages, pageRendered } from './site/renderedPages.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!context.isPrerendered || !isListeningToRenderedPages() || !response.body) return response;
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  if (response.status >= 300 && response.status < 400) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  pageRendered(context.url.pathname, bytes);
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
});
