// End-to-end journeys: Playwright driving Debian's Chromium against the built app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run, skip } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.exit(skip('end-to-end journeys (Playwright)', `no Chromium at ${chromium} (apt-get install -y chromium)`, 'REQUIRE_CHROMIUM'));
}
if (!existsSync(join(root, 'backend/dist/main.js')) || !existsSync(join(root, 'frontend/dist/index.html'))) {
  console.error('The app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
process.exit(await run('npx', ['playwright', 'test', '--config', 'frontend/playwright.config.ts', ...process.argv.slice(2)]));
