import { JsonDepthGauge, jsonDeeperThan, MAX_JSON_DEPTH } from './json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonDeeperThan', () => {
  it('allows 32 levels of arrays or objects and refuses 33', () => {
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(jsonDeeperThan(bytes(nested(32)))).toBe(false);
    expect(jsonDeeperThan(bytes(nested(33)))).toBe(true);
    const objects = (d: number) => '{"a":'.repeat(d) + '1' + '}'.repeat(d);
    expect(jsonDeeperThan(bytes(objects(32)))).toBe(false);
    expect(jsonDeeperThan(bytes(objects(33)))).toBe(true);
    expect(jsonDeeperThan(bytes('[{"a":[{"b":[]}]}]'), 5)).toBe(false);
    expect(jsonDeeperThan(bytes('[{"a":[{"b":[]}]}]'), 4)).toBe(true);
  });

  it('counts depth, not the number of brackets', () => {
    expect(jsonDeeperThan(bytes(`[${'[],'.repeat(10_000)}[]]`))).toBe(false);
    expect(jsonDeeperThan(bytes(`{"a":${nested(31)},"b":${nested(31)}}`))).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonDeeperThan(bytes(JSON.stringify({ a: '['.repeat(100) })))).toBe(false);
    expect(jsonDeeperThan(bytes(JSON.stringify({ a: `\\"${'{'.repeat(100)}` })))).toBe(false);
    // A string ending in a backslash: the quote after it closes the string.
    expect(jsonDeeperThan(bytes(`{"a":"x\\\\","b":${nested(31)}}`))).toBe(false);
    expect(jsonDeeperThan(bytes(`{"a":"x\\\\","b":${nested(32)}}`))).toBe(true);
    expect(jsonDeeperThan(bytes(JSON.stringify({ 'k[[[': '🙂'.repeat(50) + '[[[' })))).toBe(false);
  });

  it('answers for malformed text too (JSON.parse refuses it afterwards)', () => {
    expect(jsonDeeperThan(bytes(']]]]' + nested(32)))).toBe(false);
    expect(jsonDeeperThan(bytes('['.repeat(40)))).toBe(true);
    expect(jsonDeeperThan(bytes(''))).toBe(false);
  });
});

describe('JsonDepthGauge', () => {
  it('follows the text across chunks, an escape split between two chunks included', () => {
    const text = (depth: number) =>
      bytes(`{"a":${JSON.stringify(`\\"${'['.repeat(40)}`)},"b":${nested(depth)}}`);
    for (let size = 1; size <= 7; size++) {
      for (const [depth, expected] of [
        [31, false],
        [32, true],
      ] as const) {
        const gauge = new JsonDepthGauge();
        const chunks = text(depth);
        let deeper = false;
        for (let i = 0; i < chunks.length; i += size)
          deeper = gauge.feed(chunks.subarray(i, i + size));
        expect([size, depth, deeper]).toEqual([size, depth, expected]);
      }
    }
    const gauge = new JsonDepthGauge();
    expect(gauge.feed(bytes('{"a":"\\'))).toBe(false);
    expect(gauge.feed(bytes('"' + '['.repeat(40) + '"}'))).toBe(false);
  });

  it('stays exceeded once over the limit', () => {
    const gauge = new JsonDepthGauge(2);
    expect(gauge.feed(bytes('[[['))).toBe(true);
    expect(gauge.feed(bytes(']]]'))).toBe(true);
    expect(gauge.exceeded).toBe(true);
  });
});
