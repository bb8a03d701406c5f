import { describe, expect, it } from 'vitest';
import { wellFormedDeep } from './text.ts';

describe('wellFormedDeep', () => {
  it('replaces lone surrogates in strings and keys, keeps pairs', () => {
    const body = { text: 'a\ud800b', emoji: '😀', list: ['\udc00', 'ok'], 'k\ud800': 1 };
    wellFormedDeep(body);
    expect(body).toEqual({ text: 'a\ufffdb', emoji: '😀', list: ['\ufffd', 'ok'], 'k\ufffd': 1 });
    expect(JSON.stringify(body)).not.toMatch(/\\ud[89a-f]/i);
  });
});
