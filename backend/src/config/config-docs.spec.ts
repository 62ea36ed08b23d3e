import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  CONFIG_DOCS_COMMAND,
  CONFIG_DOCS_FILE,
  configurationMarkdown,
  documentedVariables,
  REPOSITORY_ROOT,
} from './config-docs';
import { envSchema } from './env-schema';

describe('the configuration reference (docs/configuration.md)', () => {
  it('documents every variable of the schema', () => {
    const undocumented = documentedVariables()
      .filter(([, doc]) => !doc || (!doc.sameRowAs && !doc.description))
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
  });

  it('is what the schema generates', () => {
    const file = relative(REPOSITORY_ROOT, CONFIG_DOCS_FILE);
    const committed = existsSync(CONFIG_DOCS_FILE) ? readFileSync(CONFIG_DOCS_FILE, 'utf8') : '';
    const produced = configurationMarkdown();
    if (committed !== produced) {
      // The first differing line, so the failure says what changed.
      const a = committed.split('\n');
      const b = produced.split('\n');
      const at = b.findIndex((line, i) => line !== a[i]);
      throw new Error(
        `${file} differs from what the configuration schema (backend/src/config/env-schema.ts) generates ` +
          `(line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end of file>')}, generated ${JSON.stringify(b[at])}).\n` +
          `Run \`${CONFIG_DOCS_COMMAND}\` and commit ${file}.`,
      );
    }
  });

  it('names in .env.example exactly the variables of the schema', () => {
    const example = readFileSync(join(REPOSITORY_ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^# ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const known = new Set(documentedVariables().map(([name]) => name));
    expect({
      missingFromExample: Object.keys(envSchema.shape).filter((name) => !listed.has(name)),
      unknownInExample: [...listed].filter((name) => !known.has(name)),
    }).toEqual({ missingFromExample: [], unknownInExample: [] });
  });
});
