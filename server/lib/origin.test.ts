import { describe, expect, it } from 'vitest';
import { requestOrigin } from './origin.ts';

const fallback = 'http://localhost:3000';

describe('requestOrigin', () => {
  it('follows the host and scheme the browser used', () => {
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:3000' }, fallback)).toBe('http://127.0.0.1:3000');
    expect(requestOrigin({ protocol: 'https', host: 'ads.example.com' }, fallback)).toBe('https://ads.example.com');
    expect(requestOrigin({ protocol: 'http', host: '[::1]:3000' }, fallback)).toBe('http://[::1]:3000');
  });

  it('falls back for a Host that is not a plain host[:port]', () => {
    for (const host of ['', 'evil.com/path', 'a@b.com', 'x.com:80:81', 'x.com#frag', 'x .com']) {
      expect(requestOrigin({ protocol: 'http', host }, fallback)).toBe(fallback);
    }
  });
});
