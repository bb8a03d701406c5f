import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crcJoin, crcShift, SplicedJson, sharedTail, splicedHead } from './json-text.ts';

describe('an answer gzipped by joining a head and a kept tail', () => {
  const tail = sharedTail(
    `${Array.from({ length: 20 }, (_, i) => JSON.stringify({ campaignId: i, title: `Task ${i} «ünïcödé»`, status: 'AVAILABLE' })).join(',')}]}`,
  );

  it('decodes to the envelope around the whole value, as sent without gzip', () => {
    const answer = new SplicedJson(splicedHead('{"player":{"id":42,"name":"Ада"},"tasks":['), tail);
    const body = gunzipSync(answer.gzip()).toString();
    expect(body).toBe(`{"value":${answer.text}}`);
    expect(JSON.parse(body).value.tasks).toHaveLength(20);
    expect(JSON.parse(body).value.player.name).toBe('Ада');
  });

  it('takes a head longer than one stored block, and keeps one tail for every head', () => {
    const long = `{"note":"${'x'.repeat(70_000)}","tasks":[`;
    for (const head of [long, '{"tasks":[', `{"note":"${'y'.repeat(65_535 - 9)}","tasks":[`]) {
      const answer = new SplicedJson(splicedHead(head), tail);
      expect(gunzipSync(answer.gzip()).toString()).toBe(`{"value":${head}${tail.text}}`);
    }
  });

  it('gives the same bytes every time a kept head is joined again', () => {
    const head = splicedHead('{"player":{"id":7,"name":"Zoë"},"tasks":[');
    const first = new SplicedJson(head, tail).gzip();
    expect(new SplicedJson(head, tail).gzip().equals(first)).toBe(true);
    expect(gunzipSync(first).toString()).toBe(`{"value":${head.text}${tail.text}}`);
  });

  it('is far smaller than the JSON: the tail is compressed once', () => {
    const answer = new SplicedJson(splicedHead('{"tasks":['), tail);
    expect(answer.gzip().length).toBeLessThan(Buffer.byteLength(answer.text) / 2);
  });
});

describe('the CRC-32 of two joined parts from their own', () => {
  it('equals the CRC-32 of the joined bytes, for empty, short and long parts', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 17],
      [5, 0],
      [1, 1],
      [300, 4_700],
      [70_000, 3],
      [12, 1_000_003],
    ]) {
      const head = randomBytes(a);
      const tail = randomBytes(b);
      expect(crcJoin(crc32(head), crc32(tail), crcShift(tail.length))).toBe(crc32(Buffer.concat([head, tail])));
    }
  });
});
