// npm run backup | restore FILE [--force] | db:move -- --to postgres://…: the operations commands of the
// app (backend/src/ops/cli.ts, docs/operations.md), built first when the backend's build is out of date.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

/** @param {string} path */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const cli = join(root, 'backend/dist/ops/cli.js');
const built = existsSync(cli) ? statSync(cli).mtimeMs : -1;
if (built < Math.max(newest(join(root, 'backend/src')), newest(join(root, 'libs/domain/src')))) {
  const code = await run('npx', ['nx', 'run', 'backend:build', '--outputStyle=static']);
  if (code !== 0) process.exit(code);
}

// Working directory: the repository, as `npm start` (DATA_DIR ./data and .env are read from there).
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
