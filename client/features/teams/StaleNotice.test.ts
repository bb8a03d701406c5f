import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { staleChanges } from '../campaigns/staleCampaign';
import { changedFields, myChanges, staleCurrent } from './StaleNotice';

describe('a change someone else saved first', () => {
  it('says what they changed, field by field, in the form’s terms', () => {
    const labels = { title: 'the name', isDarkTheme: 'the dark theme', countries: 'the countries' };
    expect(
      changedFields(
        { title: 'Old', isDarkTheme: false, countries: [] },
        { title: 'New', isDarkTheme: true, countries: ['DE', 'FR'] },
        labels,
      ),
    ).toEqual(['the name: from Old to New', 'the dark theme: from no to yes', 'the countries: from — to DE, FR']);
    // An empty field and a missing one read the same: no change.
    expect(changedFields({ title: '' }, { title: null }, { title: 'the name' })).toEqual([]);
  });

  it('keeps only what this form changed, so theirs stays where mine did not touch it', () => {
    const shown = { title: 'A', categoryId: '1', tasks: [] };
    expect(myChanges({ title: 'B', categoryId: '1', tasks: [] }, shown)).toEqual({ title: 'B' });
    expect(myChanges({ title: 'A', categoryId: '1', tasks: [{ url: 'x' }] }, shown)).toEqual({ tasks: [{ url: 'x' }] });
  });

  it('compares a campaign’s prices as exact decimals', () => {
    const shown = {
      projectId: '1',
      taskId: '2',
      name: 'Spring',
      prices: ['0.10', '0.2'],
      dailyCap: '20',
      countries: ['DE'],
      languages: [],
      isPremiumOnly: false,
      newUsersOnly: false,
      minQuality: '',
      unscoredAllowed: true,
      budget: '',
    };
    const current = {
      version: 3,
      name: 'Spring',
      dailyCap: 35,
      countries: ['DE'],
      languages: [],
      isPremiumOnly: false,
      newUsersOnly: false,
      minQuality: null,
      prices: [
        { tierLevel: 1, value: 0.1 },
        { tierLevel: 2, value: 0.2 },
      ],
    };
    expect(staleChanges(shown, current)).toEqual(['the daily cap: from 20 to 35']);
  });

  it('finds the thing as it is in a STALE_VERSION error only', () => {
    const stale = new CombinedGraphQLErrors({
      errors: [{ message: 'stale', extensions: { code: 'STALE_VERSION', current: { version: 4 } } }],
    });
    expect(staleCurrent(stale)).toEqual({ version: 4 });
    const other = new CombinedGraphQLErrors({ errors: [{ message: 'no', extensions: { code: 'VALIDATION' } }] });
    expect(staleCurrent(other)).toBeNull();
    expect(staleCurrent(new Error('network'))).toBeNull();
  });
});
