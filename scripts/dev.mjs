// npm run dev: backend rebuilt and restarted on change (port 3000), Vite with hot reload (port 5173)
// proxying /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

// The backend runs on the shared rules' build (libs/domain/dist); Vite reads their sources.
for (const project of ['libs/domain', 'backend']) {
  const code = await run('npx', ['tsc', '-p', `${project}/tsconfig.build.json`]);
  if (code !== 0) process.exit(code);
}
const children = [
  spawn(
    'npx',
    ['tsc', '-p', 'libs/domain/tsconfig.build.json', '--watch', '--preserveWatchOutput'],
    {
      stdio: 'inherit',
      cwd: root,
    },
  ),
  spawn('npx', ['tsc', '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
    stdio: 'inherit',
    cwd: root,
  }),
  spawn(process.execPath, ['--watch', join(root, 'backend/dist/main.js')], {
    stdio: 'inherit',
    cwd: root,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: join(root, 'frontend') }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', () => {
    stop();
    process.exitCode = 1;
  }),
);
