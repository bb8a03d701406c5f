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
  /** How many bytes the tail and the envelope's close are (the answer's length counts them). */
  length: number;
  /** Their CRC-32, and x^(8·length) mod the CRC's polynomial: a head's CRC-32 extended over them. */
  crc: number;
  shift: number;
}

export function sharedTail(text: string): SharedTail {
  const bytes = Buffer.from(text + CLOSE);
  return {
    text,
    // Made once per tail and used by every answer that ends with it: the best compression.
    deflated: deflateRawSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    length: bytes.length,
    crc: crc32(bytes),
    shift: crcShift(bytes.length),
  };
}

/*
 * CRC-32 of two joined parts from the parts' own (zlib's crc32_combine, crc32.c): the kept tail's
 * is made once, so an answer's checksum runs over its head only, not over the whole list.
 */
const CRC_POLY = 0xedb88320;

/** a·b modulo the CRC's polynomial (bit-reflected, as zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p);

/** x^(8n) modulo the polynomial: what shifts a CRC over n more bytes (zlib's x2nmodp(n, 3)). */
export function crcShift(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31], p);
  return p;
}

/** The CRC-32 of A then B, from A's, B's and B's `crcShift`. */
export function crcJoin(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The largest stored deflate block (RFC 1951 3.2.4): LEN is 16 bits. */
const STORED_MAX = 0xffff;

/**
 * The start of a value's JSON before a shared tail (a player's own part of a list), kept as
 * bytes with the envelope's opening and their CRC-32, so an answer that reuses it encodes and
 * checksums nothing. Its own allocation: a slice of Node's shared pool would keep the pool's
 * 8 KB alive for as long as the head is kept.
 */
export interface SplicedHead {
  text: string;
  bytes: Buffer;
  crc: number;
}

export function splicedHead(text: string): SplicedHead {
  const opened = OPEN + text;
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(opened));
  bytes.write(opened);
  return { text, bytes, crc: crc32(bytes) };
}

/**
 * A value's JSON as a head (a player's own part) and a shared tail. As gzip, the answer is the
 * head in stored (uncompressed) deflate blocks — a few hundred bytes, mostly the player's own —
 * then the tail's kept deflate, then the CRC-32 and length of the whole (RFC 1952): no
 * compression per request. A client without gzip gets `text`.
 */
export class SplicedJson extends JsonText {
  constructor(
    readonly head: SplicedHead,
    readonly tail: SharedTail,
  ) {
    super(head.text + tail.text);
  }

  /** The whole answer, `{"value": …}`, gzip: one buffer joined from the kept head's and tail's bytes. */
  gzip(): Buffer {
    const { bytes, crc } = this.head;
    const { deflated } = this.tail;
    const blocks = Math.ceil(bytes.length / STORED_MAX);
    const out = Buffer.allocUnsafe(GZIP_HEADER.length + 5 * blocks + bytes.length + deflated.length + 8);
    let at = GZIP_HEADER.copy(out, 0);
    for (let from = 0; from < bytes.length; from += STORED_MAX) {
      const length = Math.min(STORED_MAX, bytes.length - from);
      // BFINAL 0, BTYPE 00 (stored), padded to the byte; LEN and its one's complement.
      out[at] = 0;
      out.writeUInt16LE(length, at + 1);
      out.writeUInt16LE(~length & 0xffff, at + 3);
      at += 5 + bytes.copy(out, at + 5, from, from + length);
    }
    at += deflated.copy(out, at);
    out.writeUInt32LE(crcJoin(crc, this.tail.crc, this.tail.shift), at);
    out.writeUInt32LE((bytes.length + this.tail.length) >>> 0, at + 4);
    return out;
  }
}
