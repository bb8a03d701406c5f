import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SplicedJson, sharedTail } from './json-text.ts';

describe('an answer gzipped by joining a head and a kept tail', () => {
  const tail = sharedTail(
    `${Array.from({ length: 20 }, (_, i) => JSON.stringify({ campaignId: i, title: `Task ${i} «ünïcödé»`, status: 'AVAILABLE' })).join(',')}]}`,
  );

  it('decodes to the envelope around the whole value, as sent without gzip', () => {
    const answer = new SplicedJson('{"player":{"id":42,"name":"Ада"},"tasks":[', tail);
    const body = gunzipSync(answer.gzip()).toString();
    expect(body).toBe(`{"value":${answer.text}}`);
    expect(JSON.parse(body).value.tasks).toHaveLength(20);
    expect(JSON.parse(body).value.player.name).toBe('Ада');
  });

  it('takes a head longer than one stored block, and keeps one tail for every head', () => {
    const long = `{"note":"${'x'.repeat(70_000)}","tasks":[`;
    for (const head of [long, '{"tasks":[', `{"note":"${'y'.repeat(65_535 - 9)}","tasks":[`]) {
      const answer = new SplicedJson(head, tail);
      expect(gunzipSync(answer.gzip()).toString()).toBe(`{"value":${head}${tail.text}}`);
    }
  });

  it('is far smaller than the JSON: the tail is compressed once', () => {
    const answer = new SplicedJson('{"tasks":[', tail);
    expect(answer.gzip().length).toBeLessThan(Buffer.byteLength(answer.text) / 2);
  });
});
