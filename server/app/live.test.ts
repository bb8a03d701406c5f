import { describe, expect, it } from 'vitest';
import { redisScope } from './live.ts';

describe('what one deployment shares in Redis', () => {
  it('is named by its database, so two on one Redis never hear each other', () => {
    expect(redisScope('postgres://app:secret@db.internal:5433/taskgram')).toBe('db.internal:5433/taskgram:');
    expect(redisScope('postgres://postgres@127.0.0.1/t_one')).toBe('127.0.0.1:5432/t_one:');
    expect(redisScope('postgres://postgres@127.0.0.1/t_one')).not.toBe(
      redisScope('postgres://postgres@127.0.0.1/t_two'),
    );
    // The embedded database (no DATABASE_URL) runs one instance: nothing to tell apart.
    expect(redisScope(undefined)).toBe('');
  });
});
