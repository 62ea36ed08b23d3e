/**
 * Chunks for the pages a visitor opens first (docs/decisions.md, "First screens in one chunk each").
 *
 * Left alone, the bundler gives every combination of pages that share a module its own chunk: the
 * console's first load fetched 25 scripts of 1-6 kB each, and on a phone line each costs a round trip on
 * one of the browser's six connections. Here each first screen's code beyond the app's chunk becomes one
 * chunk (`screen-<name>`); what two first screens share joins the app's chunk. Other pages keep the
 * bundler's own split and import from these chunks where they share a module.
 *
 * Which modules a screen needs is read from a first, unwritten build with the bundler's own split
 * (`collectChunks`): its chunks hold what tree-shaking kept, so a component imported through a library's
 * index file counts for the pages that use it, not for every page that imports the index.
 */
import { build, type InlineConfig } from 'vite';

/** A chunk of the first build, as the bundler reports it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
}

/** The app's group name: modules named so join the entry chunk. */
export const APP_CHUNK = 'app';

/**
 * Module id → chunk name: `screen-<name>` for a module only one first screen needs, APP_CHUNK for one
 * in the entry chunk or needed by several first screens. A screen needs the chunks its roots (its page
 * module) load statically, the entry's excepted. Modules no first screen needs are left to the bundler.
 */
export function screenChunks(
  chunks: readonly BuiltChunk[],
  screens: Readonly<Record<string, readonly string[]>>,
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const names = new Map<string, string>();
  const entries = chunks.filter((c) => c.isEntry);
  for (const chunk of entries) for (const id of chunk.moduleIds) names.set(id, APP_CHUNK);
  const owners = new Map<string, string>();
  for (const [screen, roots] of Object.entries(screens)) {
    const needed = new Set<BuiltChunk>();
    const stack = chunks.filter(
      (c) => c.facadeModuleId !== null && roots.includes(c.facadeModuleId),
    );
    if (stack.length !== roots.length)
      throw new Error(
        `first screen ${screen}: no chunk of its own for each of ${roots.join(', ')}`,
      );
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (chunk.isEntry || needed.has(chunk)) continue;
      needed.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) stack.push(imported);
      }
    }
    for (const chunk of needed)
      for (const id of chunk.moduleIds) {
        const owner = owners.get(id);
        owners.set(id, owner === undefined || owner === screen ? screen : APP_CHUNK);
      }
  }
  for (const [id, owner] of owners)
    if (!names.has(id)) names.set(id, owner === APP_CHUNK ? APP_CHUNK : `screen-${owner}`);
  return names;
}

/**
 * The chunks of a build of `config` with the bundler's own split, kept in memory and neither minified
 * nor measured (which modules land in which chunk does not depend on either).
 */
export async function collectChunks(config: InlineConfig): Promise<BuiltChunk[]> {
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, minify: false, reportCompressedSize: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks: BuiltChunk[] = [];
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('the first build was expected to return its chunks');
    for (const item of output.output)
      if (item.type === 'chunk')
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId,
          moduleIds: item.moduleIds,
          imports: item.imports,
        });
  }
  return chunks;
}
