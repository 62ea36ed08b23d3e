// Every topic of the WordPress SDK suite, in one process and in this order, since they share one store and
// one WordPress (support/suite.mjs) and each topic starts from the state the one before left: run it with
// `node scripts/wordpress-suite.mjs [name filter]`. Static imports, so that every test is registered before
// the first runs and support/suite.mjs's teardown comes after the last.
import { readdirSync } from 'node:fs';
import './sources.test.mjs';
import './activation.test.mjs';
import './insights.test.mjs';
import './updates.test.mjs';
import './licence-states.test.mjs';
import './measure.test.mjs';
import './offline-and-signatures.test.mjs';

const listed = [
  'sources',
  'activation',
  'insights',
  'updates',
  'licence-states',
  'measure',
  'offline-and-signatures',
].map((topic) => `${topic}.test.mjs`);
const unlisted = readdirSync(import.meta.dirname).filter(
  (name) => name.endsWith('.test.mjs') && !listed.includes(name),
);
if (unlisted.length)
  throw new Error(`scripts/wordpress/all.mjs: import ${unlisted.join(', ')} too (and list it)`);
