import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CONFIG_DOCS_FILE, configurationMarkdown, REPOSITORY_ROOT } from './config-docs';

/** Writes docs/configuration.md from the configuration schema: `npm run config:docs` (scripts/config-docs.mjs). */
writeFileSync(CONFIG_DOCS_FILE, configurationMarkdown());
console.log(`wrote ${relative(REPOSITORY_ROOT, CONFIG_DOCS_FILE)}`);
