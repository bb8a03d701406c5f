import { describe, expect, it } from 'vitest';
import { targetingLines } from './CampaignFacts';

const t = (fields: Omit<Parameters<typeof targetingLines>[0], '__typename'>) =>
  targetingLines({ __typename: 'CampaignReviewTargeting', ...fields });

describe('a campaign’s targeting, as the moderator reads it before Approve', () => {
  it('says everyone where nothing narrows it', () => {
    expect(
      t({
        countries: [],
        languages: [],
        dailyCap: null,
        premiumOnly: false,
        newUsersOnly: false,
        minQuality: null,
        unscoredAllowed: true,
      }),
    ).toEqual([
      ['Countries', 'All'],
      ['Languages', 'All'],
      ['Players', 'Everyone'],
      ['Daily cap', 'None'],
      ['Apps', 'Any app'],
    ]);
  });

  it('names each limit', () => {
    expect(
      t({
        countries: ['DE', 'US'],
        languages: ['en'],
        dailyCap: 1500,
        premiumOnly: true,
        newUsersOnly: true,
        minQuality: 70,
        unscoredAllowed: false,
      }),
    ).toEqual([
      ['Countries', 'Germany and United States'],
      ['Languages', 'English'],
      ['Players', 'Telegram Premium only; new to this advertiser only'],
      ['Daily cap', '1,500 a day'],
      ['Apps', 'Quality 70 or more'],
    ]);
  });
});
