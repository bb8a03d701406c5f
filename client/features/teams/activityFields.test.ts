import { describe, expect, it } from 'vitest';
import { fieldName, fieldValue, shownField } from './activityFields';

describe('a change in the account’s history, in words', () => {
  it('leaves the bookkeeping out and names the rest', () => {
    const fields = ['id', 'url', 'logo', 'type', 'title', 'projectId', 'ownerId', 'secretKeyEnc', 'secretKeyHash'];
    expect(fields.filter(shownField).map(fieldName)).toEqual(['link', 'logo', 'type', 'name']);
    expect(fieldName('someNewField')).toBe('some new field');
  });

  it('says flags, pictures, enums and dates as a person would', () => {
    expect(fieldValue('isActive', 'true')).toBe('yes');
    expect(fieldValue('logo', '"/media/93a3.png"')).toBe('a picture');
    expect(fieldValue('type', '"CHANNEL"')).toBe('channel');
    expect(fieldValue('dailyCap', 'null')).toBe('—');
    expect(fieldValue('expiresAt', '"2026-12-07T10:00:00.000Z"')).not.toContain('T10:00');
    expect(fieldValue('budget', '"1.50"')).toBe('1.50');
  });
});
