import { APP_CHUNK, screenChunks, type BuiltChunk } from './first-screens';

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  extra: Partial<BuiltChunk> = {},
): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: moduleIds[0] ?? null,
  moduleIds,
  imports,
  ...extra,
});

// The bundler's own split: the entry, two first screens and an admin page sharing small chunks.
const chunks = [
  chunk('index.js', ['main.tsx', 'react', 'Button'], [], { isEntry: true }),
  chunk('docs.js', ['docs.tsx', 'markdown'], ['index.js', 'Alert.js', 'CloseButton.js']),
  chunk('console.js', ['console.tsx', 'seats'], ['index.js', 'Table.js', 'CloseButton.js']),
  chunk('admin.js', ['admin.tsx'], ['index.js', 'Table.js', 'Modal.js']),
  chunk('Alert.js', ['Alert'], ['index.js']),
  chunk('CloseButton.js', ['CloseButton'], ['index.js']),
  chunk('Table.js', ['Table', 'ScrollArea'], ['index.js']),
  chunk('Modal.js', ['Modal'], ['index.js']),
];

describe('screenChunks', () => {
  const names = screenChunks(chunks, { docs: ['docs.tsx'], console: ['console.tsx'] });

  it("puts what one first screen loads beyond the entry in that screen's chunk", () => {
    expect(names.get('docs.tsx')).toBe('screen-docs');
    expect(names.get('markdown')).toBe('screen-docs');
    expect(names.get('Alert')).toBe('screen-docs');
    expect(names.get('console.tsx')).toBe('screen-console');
    expect(names.get('Table')).toBe('screen-console');
    expect(names.get('ScrollArea')).toBe('screen-console');
  });

  it("puts what several first screens share in the app's chunk, with the entry's own modules", () => {
    expect(names.get('CloseButton')).toBe(APP_CHUNK);
    expect(names.get('main.tsx')).toBe(APP_CHUNK);
    expect(names.get('react')).toBe(APP_CHUNK);
  });

  it('leaves the modules no first screen loads to the bundler', () => {
    expect(names.has('admin.tsx')).toBe(false);
    expect(names.has('Modal')).toBe(false);
  });

  it('fails the build when a first screen has no chunk of its own (a renamed page)', () => {
    expect(() => screenChunks(chunks, { gone: ['gone.tsx'] })).toThrow(/first screen gone/);
  });
});
