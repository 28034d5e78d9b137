/**
 * Debian's Chromium driven by playwright-core (no browser download). The host resolver maps every
 * name except 127.0.0.1 and localhost to nowhere, so a page can only reach the local test server.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'];

export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(
      `CHROMIUM_PATH=${configured} does not exist: run \`bash scripts/ensure-debian-packages.sh chromium\` or fix CHROMIUM_PATH`,
    );
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found)
    throw new Error(
      `Chromium not found (${CANDIDATES.join(', ')}): run \`bash scripts/ensure-debian-packages.sh chromium\``,
    );
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
    ],
  });
}
