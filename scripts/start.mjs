// npm start: build what is missing or out of date (Nx caches builds), then serve API + app on one port.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { root, run } from './lib.mjs';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path))
    if (entry !== 'node_modules') max = Math.max(max, newest(join(path, entry)));
  return max;
}
function oldestOutput(file) {
  return existsSync(file) ? statSync(file).mtimeMs : -1;
}

const backendOut = oldestOutput(join(root, 'backend/dist/main.js'));
const frontendOut = oldestOutput(join(root, 'frontend/dist/index.html'));
// Both sides are built from the shared rules too (libs/domain).
const shared = Math.max(
  newest(join(root, 'libs/domain/src')),
  oldestOutput(join(root, 'libs/domain/dist/index.js')) < 0 ? Infinity : 0,
);
const stale =
  backendOut < Math.max(newest(join(root, 'backend/src')), shared) ||
  frontendOut <
    Math.max(
      shared,
      newest(join(root, 'frontend/src')),
      newest(join(root, 'frontend/index.html')),
      newest(join(root, 'frontend/public')),
    );
if (stale) {
  const code = await run('npx', [
    'nx',
    'run-many',
    '-t',
    'build',
    '--projects=backend,frontend',
    '--outputStyle=static',
  ]);
  if (code !== 0) process.exit(code);
}

const app = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => app.kill(signal));
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
