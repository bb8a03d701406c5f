import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * An answer a REST handler has already written as JSON (the `value` of the envelope): sent as
 * it is, not serialized again. For a hot path that builds its answer from pieces it keeps
 * serialized (the showcase list: showcase.service.ts).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The envelope around a value's JSON (`{ "value": … }`, server/rest/register.ts). */
const OPEN = '{"value":';
const CLOSE = '}';

/**
 * The end of many answers (a showcase list's tasks, the same for every player of an app and
 * audience who has started and done nothing there), kept with its raw deflate and checksum, so
 * that an answer ending with it is gzipped by joining bytes instead of compressing (SplicedJson).
 */
export interface SharedTail {
  text: string;
  /** The tail and the envelope's close, raw deflate (its final block). */
  deflated: Buffer;
  /** The tail and the envelope's close as bytes (the answer's CRC-32 runs over them). */
  bytes: Buffer;
}

export function sharedTail(text: string): SharedTail {
  const bytes = Buffer.from(text + CLOSE);
  // Made once per tail and used by every answer that ends with it: the best compression.
  return { text, bytes, deflated: deflateRawSync(bytes, { level: constants.Z_BEST_COMPRESSION }) };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The largest stored deflate block (RFC 1951 3.2.4): LEN is 16 bits. */
const STORED_MAX = 0xffff;

/**
 * A value's JSON as a head made per request (a player's own part) and a shared tail. As gzip,
 * the answer is the head in stored (uncompressed) deflate blocks — a few hundred bytes, mostly the
 * player's own — then the tail's kept deflate, then the CRC-32 and length of the whole
 * (RFC 1952): no compression per request. A client without gzip gets `text`.
 */
export class SplicedJson extends JsonText {
  constructor(
    readonly head: string,
    readonly tail: SharedTail,
  ) {
    super(head + tail.text);
  }

  /** The whole answer, `{"value": …}`, gzip. */
  gzip(): Buffer {
    const head = Buffer.from(OPEN + this.head);
    const parts: Buffer[] = [GZIP_HEADER];
    for (let at = 0; at < head.length; at += STORED_MAX) {
      const block = head.subarray(at, at + STORED_MAX);
      const stored = Buffer.alloc(5);
      // BFINAL 0, BTYPE 00 (stored), padded to the byte; LEN and its one's complement.
      stored.writeUInt16LE(block.length, 1);
      stored.writeUInt16LE(~block.length & 0xffff, 3);
      parts.push(stored, block);
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(this.tail.bytes, crc32(head)) >>> 0, 0);
    trailer.writeUInt32LE((head.length + this.tail.bytes.length) >>> 0, 4);
    parts.push(this.tail.deflated, trailer);
    return Buffer.concat(parts);
  }
}
