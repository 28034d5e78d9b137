/**
 * Stage times of a build, for the scale benchmark (`npm run bench:site`). When the environment
 * variable UAIX_STAGE_TIMES names a file, the build script and Astro (through the integration
 * below) append one JSON line per event to it: `{"event":"…","at":<ms since the epoch>}`.
 * Without the variable nothing is recorded, so normal builds are unaffected.
 */
import { appendFileSync } from 'node:fs';

export const STAGE_TIMES_VARIABLE = 'UAIX_STAGE_TIMES';

export interface StageEvent {
  event: string;
  at: number;
}

/** Appends `event` with the current time when stage times are being recorded. */
export function markStage(event: string): void {
  const file = process.env[STAGE_TIMES_VARIABLE];
  // Wall-clock ms (not performance.now()) so events of the build script and of its Astro child line up.
  if (file) appendFileSync(file, `${JSON.stringify({ event, at: Date.now() } satisfies StageEvent)}\n`);
}

/**
 * Marks Astro's own phases: config done → build start is the content sync, build start → SSR hook
 * is bundling (server and client), SSR hook → generated is rendering the pages, and generated →
 * done is the integrations' build:done work (the sitemap).
 */
export function stageTimesIntegration() {
  return {
    name: 'uaix-stage-times',
    hooks: {
      'astro:config:done': () => markStage('astro:config:done'),
      'astro:build:start': () => markStage('astro:build:start'),
      'astro:build:ssr': () => markStage('astro:build:ssr'),
      'astro:build:generated': () => markStage('astro:build:generated'),
      'astro:build:done': () => markStage('astro:build:done'),
    },
  };
}
