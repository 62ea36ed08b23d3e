import { join, resolve } from 'node:path';
import {
  CONFIG_GROUPS,
  configDocs,
  envSchema,
  otherVariables,
  type VariableDoc,
} from './env-schema';

export const REPOSITORY_ROOT = resolve(__dirname, '../../..');
/** The reference of every environment variable, generated from the schema. */
export const CONFIG_DOCS_FILE = join(REPOSITORY_ROOT, 'docs/configuration.md');
export const CONFIG_DOCS_COMMAND = 'npm run config:docs';

/** Every documented variable in the schema's order, then those read outside the app. */
export function documentedVariables(): [name: string, doc: VariableDoc | undefined][] {
  return [
    ...Object.entries(envSchema.shape).map(([name, schema]): [string, VariableDoc | undefined] => [
      name,
      configDocs.get(schema),
    ]),
    ...Object.entries(otherVariables),
  ];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * docs/configuration.md: the introduction, then one table per topic (CONFIG_GROUPS), one line per variable
 * or pair of variables set together (`sameRowAs`), with its default, the values it accepts and its meaning.
 */
export function configurationMarkdown(): string {
  const variables = documentedVariables();
  const rows = new Map<string, string[]>();
  for (const [name, doc] of variables) {
    if (!doc) throw new Error(`${name} has no documentation in env-schema.ts`);
    if (!doc.sameRowAs) rows.set(name, [name]);
  }
  for (const [name, doc] of variables) {
    if (!doc?.sameRowAs) continue;
    const row = rows.get(doc.sameRowAs);
    if (!row)
      throw new Error(
        `${name} is documented with ${doc.sameRowAs}, which has its own line nowhere`,
      );
    row.push(name);
  }
  const docOf = new Map(variables);
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from backend/src/config/env-schema.ts by `npm run config:docs`: edit the schema, not this file. -->',
    '',
    'Read once at start (`backend/src/config/env.ts`, through the schema of `backend/src/config/env-schema.ts`), validated, with every bad variable named in the error.',
    'An optional `.env` file in the working directory is loaded (variables already set win); see `.env.example`, which lists the same variables.',
    '',
    "Each variable's default, accepted values and meaning live beside its entry in the schema; this page is generated from it",
    `(\`${CONFIG_DOCS_COMMAND}\`), and \`backend/src/config/config-docs.spec.ts\` fails when the two differ.`,
  ];
  for (const [group, [title, intro]] of Object.entries(CONFIG_GROUPS)) {
    const groupRows = [...rows.values()].filter(([first]) => docOf.get(first)?.group === group);
    if (!groupRows.length) continue;
    lines.push('', `## ${title}`, '', intro, '');
    lines.push('| Variable | Default | Accepts | Meaning |', '| --- | --- | --- | --- |');
    for (const names of groupRows) {
      const docs = names.map((n) => docOf.get(n) as VariableDoc);
      const defaults = [...new Set(docs.map((d) => d.default))].join(', ');
      const allowed = docs.find((d) => d.allowed)?.allowed ?? '';
      lines.push(
        `| ${names.map((n) => `\`${n}\``).join(', ')} | ${cell(defaults)} | ${cell(allowed)} | ${cell(docs[0].description)} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}
