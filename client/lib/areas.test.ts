import { describe, expect, it } from 'vitest';
import { areaTabs } from '../features/layout/tabs';
import { i18n } from './i18n';
import { areaFromPath, chipAmount, homePath, isStaffPath, logoTarget } from './areas';

const balances = { advertiserBalance: '10.005', publisherBalance: '0.1', publisherOnHoldBalance: '0.2' };

describe('areas of the main layout', () => {
  it('takes the area from the first path segment, Advertiser by default', () => {
    expect(areaFromPath('/publisher/statistics')).toBe('publisher');
    expect(areaFromPath('/exchange/catalog')).toBe('exchange');
    expect(areaFromPath('/advertiser/projects/4')).toBe('advertiser');
    expect(areaFromPath('/moderation')).toBe('advertiser');
    expect(areaFromPath('/')).toBe('advertiser');
  });

  it('shows the advertiser balance, publisher plus on-hold, and nothing in Exchange', () => {
    expect(chipAmount('advertiser', balances)).toBe('10.005');
    expect(chipAmount('publisher', balances)).toBe('0.3');
    expect(chipAmount('exchange', balances)).toBeNull();
  });

  it('points the logo at projects for advertisers and at the publisher index otherwise', () => {
    expect(logoTarget('ADVERTISER')).toBe('/advertiser/projects');
    expect(logoTarget('PUBLISHER')).toBe('/publisher');
    // A moderator's home is the queue, whatever their main area.
    expect(homePath({ defaultRole: 'ADVERTISER', isModerator: true })).toBe('/moderation');
    expect(homePath({ defaultRole: 'PUBLISHER', isModerator: false })).toBe('/publisher');
    expect(homePath(undefined)).toBe('/advertiser/projects');
    // No area's tabs above the staff pages.
    expect(isStaffPath('/moderation')).toBe(true);
    expect(isStaffPath('/finance')).toBe(true);
    // The Accounts overview shows every account's balance: no one area's chip above it.
    expect(isStaffPath('/accounts')).toBe(true);
    expect(isStaffPath('/team')).toBe(false);
    expect(isStaffPath('/advertiser/projects')).toBe(false);
  });

  it('lists the tabs of each area', () => {
    const labels = (area: keyof typeof areaTabs) => areaTabs[area].map((t) => i18n._(t.label));
    expect(labels('advertiser')).toEqual(['My projects', 'Campaign', 'Add funds', 'Integrations']);
    expect(labels('publisher')).toEqual(['My apps', 'Statistics', 'Withdraw money', 'Integrations']);
    expect(labels('exchange')).toEqual(['Swaps', 'Catalog', 'Incoming Requests', 'Outgoing Requests']);
    expect(areaTabs.publisher[0].matches('/publisher/platforms/edit/3')).toBe(true);
    expect(areaTabs.publisher[0].matches('/publisher/statistics')).toBe(false);
  });
});
