import { launchBrowser } from './support/browser.ts';
import { startStaticServer } from './support/staticServer.ts';
const server = await startStaticServer('/work/main/dist');
const browser = await launchBrowser();
const [path, w, h] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
await page.goto(server.url(path));
await page.screenshot({ path: '/tmp/shot.png', fullPage: true });
await browser.close(); await server.close();
