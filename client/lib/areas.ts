import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addMoney } from './money';
import { paths } from './paths';

export type Area = 'advertiser' | 'publisher' | 'exchange';

export interface AreaInfo {
  id: Area;
  /** Words in the reader's language: `i18n._(label)`. */
  label: MessageDescriptor;
  caption: MessageDescriptor;
  home: string;
}

export const areas: AreaInfo[] = [
  {
    id: 'advertiser',
    label: msg`Advertiser`,
    caption: msg`Buy traffic in other telegram apps`,
    home: paths.advertiserProjects,
  },
  { id: 'publisher', label: msg`Publisher`, caption: msg`Monetize your audience`, home: paths.publisherIndex },
  { id: 'exchange', label: msg`Exchange`, caption: msg`Share traffic with other apps`, home: paths.exchangeSwaps },
];

/** The area a page is in, by its first path segment; null on a page of no area (moderation, notifications, the team). */
export function areaOnScreen(pathname: string): Area | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return first === 'advertiser' || first === 'publisher' || first === 'exchange' ? first : null;
}

/** The current area comes from the first path segment; anything else counts as Advertiser. */
export function areaFromPath(pathname: string): Area {
  return areaOnScreen(pathname) ?? 'advertiser';
}

/**
 * Pages of no area (the staff's moderation queue and finance, everyone's notifications, the
 * Accounts overview of every account a person is in): no area tabs and no balance above them
 * (the overview shows each account's own).
 */
export function isStaffPath(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0];
  return (
    first === 'moderation' ||
    first === 'finance' ||
    first === 'staff' ||
    first === 'audit' ||
    first === 'security' ||
    first === 'notifications' ||
    first === 'accounts'
  );
}

export interface Balances {
  advertiserBalance: string;
  publisherBalance: string;
  publisherOnHoldBalance: string;
}

/** Which amount the balance chip shows in an area, or null when it shows none (Exchange). */
export function chipAmount(area: Area, balances: Balances): string | null {
  switch (area) {
    case 'advertiser':
      return balances.advertiserBalance;
    case 'publisher':
      return addMoney(balances.publisherBalance, balances.publisherOnHoldBalance);
    case 'exchange':
      return null;
  }
}

export type DefaultRole = 'ADVERTISER' | 'PUBLISHER';

/** The logo goes to projects for advertisers and to the publisher index otherwise. */
export function logoTarget(defaultRole: DefaultRole | undefined): string {
  return defaultRole === 'PUBLISHER' ? paths.publisherIndex : paths.advertiserProjects;
}

/** Where a user lands after signing in and where the logo goes: a moderator's home is the queue. */
export function homePath(user: { defaultRole?: DefaultRole; isModerator?: boolean } | null | undefined): string {
  return user?.isModerator ? paths.moderation : logoTarget(user?.defaultRole);
}
