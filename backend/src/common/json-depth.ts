/**
 * Deepest nesting of arrays and objects a request body may have. Deeper bodies cost seconds of CPU
 * in the validation pipe and overflowed its stack (issue #13); no request of ours nests past 4.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Follows the nesting of JSON text chunk by chunk over its raw bytes, before anything is parsed and
 * without building anything, so an attack costs one pass over bytes already in memory and stops at
 * the first bracket over the limit. Brackets inside strings do not count (escapes included, also when
 * a chunk ends between a backslash and the character it escapes). UTF-8 continuation bytes are all
 * >= 0x80, so they can never be mistaken for a quote, a backslash or a bracket. Malformed text is left
 * to JSON.parse: this only answers "deeper than the limit?".
 */
export class JsonDepthGauge {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** True once the text went deeper than the limit (later chunks are then ignored). */
  exceeded = false;

  constructor(private readonly max = MAX_JSON_DEPTH) {}

  /** Reads the next chunk; answers whether the text so far went deeper than the limit. */
  feed(bytes: Uint8Array): boolean {
    if (this.exceeded) return true;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
      } else if (b === QUOTE) {
        this.inString = true;
      } else if (OPEN.has(b)) {
        if (++this.depth > this.max) return (this.exceeded = true);
      } else if (CLOSE.has(b)) {
        this.depth--;
      }
    }
    return false;
  }
}

/** Whether the JSON text in `bytes` nests arrays and objects deeper than `max` levels. */
export function jsonDeeperThan(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  return new JsonDepthGauge(max).feed(bytes);
}
