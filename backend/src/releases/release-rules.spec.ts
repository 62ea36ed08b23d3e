import {
  chunkSlices,
  fileHeaders,
  hasProductFolder,
  lastUpdated,
  mainFileCandidates,
  megabytes,
  parseLastUpdated,
  pickMainFile,
  releaseFileName,
} from './release-rules';

describe('the stored file', () => {
  // The fields' formats are libs/domain's (releases.spec.ts there).
  it('names the stored file after the slug and the version', () => {
    expect(releaseFileName('visual-editor', '1.2.3-beta.1')).toBe('visual-editor-1.2.3-beta.1.zip');
  });
});

describe('zip layout', () => {
  const plugin = [
    'visual-editor/',
    'visual-editor/readme.txt',
    'visual-editor/includes/admin.php',
    'visual-editor/uninstall.php',
    'visual-editor/visual-editor.php',
    'visual-editor/a.php',
  ];

  it("finds the product's folder", () => {
    expect(hasProductFolder('visual-editor', plugin)).toBe(true);
    expect(
      hasProductFolder('visual-editor', ['visual-editor.php', 'other/visual-editor/x.php']),
    ).toBe(false);
    expect(hasProductFolder('visual', plugin)).toBe(false);
  });

  it("reads a plugin's top-level .php files, the slug's own file first", () => {
    expect(mainFileCandidates('plugins', 'visual-editor', plugin)).toEqual([
      'visual-editor/visual-editor.php',
      'visual-editor/a.php',
      'visual-editor/uninstall.php',
    ]);
  });

  it("reads a theme's style.css only", () => {
    expect(mainFileCandidates('themes', 'minimal', ['minimal/', 'minimal/style.css'])).toEqual([
      'minimal/style.css',
    ]);
    expect(mainFileCandidates('themes', 'minimal', ['minimal/css/style.css'])).toEqual([]);
  });
});

describe('main file headers (as get_file_data reads them)', () => {
  it('reads a plugin header in a block comment', () => {
    const text = `<?php\n/*\nPlugin Name: Visual Editor\nVersion: 1.2.0\n*/\n`;
    expect(fileHeaders(text, ['Plugin Name', 'Version'])).toEqual({
      'Plugin Name': 'Visual Editor',
      Version: '1.2.0',
    });
  });

  it('accepts * # @ prefixes, any case, CR line ends, and cuts a closing */ or ?>', () => {
    expect(fileHeaders(' * version:   2.0.1   \r', ['Version']).Version).toBe('2.0.1');
    expect(fileHeaders('# Version: 3.0', ['Version']).Version).toBe('3.0');
    expect(fileHeaders(' @Version: 4.0 */', ['Version']).Version).toBe('4.0');
    expect(fileHeaders('<?php // x\n<?php /* Version: 5.0 ?>', ['Version']).Version).toBe('5.0');
    expect(fileHeaders('/* Theme Name: Min */', ['Theme Name'])['Theme Name']).toBe('Min');
  });

  it('reads only the first 8 kB, and gives an empty value for a missing header', () => {
    const late = `${'x'.repeat(8200)}\nVersion: 9.9`;
    expect(fileHeaders(late, ['Version']).Version).toBe('');
    expect(fileHeaders('Stable tag: 1.0', ['Version']).Version).toBe('');
    // A header inside a longer name is not the header.
    expect(fileHeaders('$Version: 1.0', ['Version']).Version).toBe('');
  });

  it('picks the first candidate with the name header', () => {
    const main = pickMainFile('plugins', [
      { path: 'p/uninstall.php', text: '<?php // no header' },
      { path: 'p/p.php', text: '<?php\n/**\n * Plugin Name: P\n * Version: 1.0.0\n */' },
    ]);
    expect(main).toEqual({ path: 'p/p.php', name: 'P', version: '1.0.0' });
    expect(pickMainFile('themes', [{ path: 't/style.css', text: 'Version: 1.0' }])).toBeNull();
  });
});

describe('dates and sizes', () => {
  it('writes last_updated in UTC and reads a manifest date', () => {
    expect(lastUpdated(new Date('2026-11-01T08:09:10.123Z'))).toBe('2026-11-01 08:09:10');
    expect(parseLastUpdated('2026-11-01 00:00:00')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseLastUpdated('2026-11-01')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseLastUpdated('yesterday')).toBeNull();
    expect(parseLastUpdated(5)).toBeNull();
  });

  it('words a limit in MB', () => {
    expect(megabytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(megabytes(512 * 1024)).toBe('0.5 MB');
  });
});

describe('chunk slices of a byte range', () => {
  it('covers a range inside one chunk, across chunks, and the whole file', () => {
    expect(chunkSlices(0, 9, 100)).toEqual([{ seq: 0, from: 0, to: 10 }]);
    expect(chunkSlices(95, 205, 100)).toEqual([
      { seq: 0, from: 95, to: 100 },
      { seq: 1, from: 0, to: 100 },
      { seq: 2, from: 0, to: 6 },
    ]);
    expect(chunkSlices(0, 249, 100)).toEqual([
      { seq: 0, from: 0, to: 100 },
      { seq: 1, from: 0, to: 100 },
      { seq: 2, from: 0, to: 50 },
    ]);
    expect(chunkSlices(100, 100, 100)).toEqual([{ seq: 1, from: 0, to: 1 }]);
    expect(chunkSlices(0, -1, 100)).toEqual([]);
  });

  it('gives back exactly the bytes asked for', () => {
    const file = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const chunks = Array.from({ length: 10 }, (_, i) => file.subarray(i * 100, (i + 1) * 100));
    for (const [start, end] of [
      [0, 999],
      [3, 3],
      [99, 100],
      [250, 777],
    ]) {
      const bytes = Buffer.concat(
        chunkSlices(start, end, 100).map((s) => chunks[s.seq].subarray(s.from, s.to)),
      );
      expect(bytes.equals(file.subarray(start, end + 1))).toBe(true);
    }
  });
});
