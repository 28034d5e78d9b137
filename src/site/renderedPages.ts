/**
 * The pages Astro renders, handed on as each is rendered (src/middleware.ts) to whoever listens in
 * this process: the build starts Pagefind's index on the first pages while Astro renders the rest,
 * on the core Astro's render leaves idle. The listener sits in a process-wide slot (globalThis), so
 * the middleware reaches it whether Astro runs this module as the build loaded it or a bundled copy
 * of it; with no listener (astro dev, tests) a rendered page goes nowhere.
 */

/** A rendered page: its pathname as requested (`/en-us/guides/x/`, `/404`) and its bytes as Astro writes them. */
export type RenderedPageListener = (pathname: string, bytes: Uint8Array) => void;

const SLOT = Symbol.for('uaix.renderedPageListener');
const slot = globalThis as { [SLOT]?: RenderedPageListener };

export function listenToRenderedPages(listener: RenderedPageListener | undefined): void {
  slot[SLOT] = listener;
}

export function isListeningToRenderedPages(): boolean {
  return slot[SLOT] !== undefined;
}

export function pageRendered(pathname: string, bytes: Uint8Array): void {
  slot[SLOT]?.(pathname, bytes);
}
