import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Area } from '../../lib/areas';

export interface AreaTab {
  /** Words in the reader's language: `i18n._(label)`. */
  label: MessageDescriptor;
  /** In-app path, or null for the external integration docs. */
  to: string | null;
  /** Which pathnames light this tab up. */
  matches: (pathname: string) => boolean;
  badge?: 'incoming' | 'outgoing';
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
const never = () => false;

export const areaTabs: Record<Area, AreaTab[]> = {
  advertiser: [
    {
      label: msg`My projects`,
      to: '/advertiser/projects',
      matches: (p) => under('/advertiser/projects')(p) || p === '/advertiser',
    },
    { label: msg`Campaign`, to: '/advertiser/campaign', matches: under('/advertiser/campaign') },
    { label: msg`Add funds`, to: '/advertiser/payments', matches: under('/advertiser/payments') },
    { label: msg`Integrations`, to: null, matches: never },
  ],
  publisher: [
    {
      label: msg`My apps`,
      to: '/publisher',
      matches: (p) =>
        p === '/publisher' || under('/publisher/platforms')(p) || /^\/publisher\/[^/]+\/campaigns/.test(p),
    },
    { label: msg`Statistics`, to: '/publisher/statistics', matches: under('/publisher/statistics') },
    { label: msg`Withdraw money`, to: '/publisher/payments', matches: under('/publisher/payments') },
    // The showcase code for each app in HTML, web component, React and Vue, with the docs link.
    { label: msg`Integrations`, to: '/publisher/integrations', matches: under('/publisher/integrations') },
  ],
  exchange: [
    { label: msg`Swaps`, to: '/exchange/swaps', matches: (p) => under('/exchange/swaps')(p) || p === '/exchange' },
    { label: msg`Catalog`, to: '/exchange/catalog', matches: under('/exchange/catalog') },
    {
      label: msg`Incoming Requests`,
      to: '/exchange/incoming',
      matches: under('/exchange/incoming'),
      badge: 'incoming',
    },
    {
      label: msg`Outgoing Requests`,
      to: '/exchange/outgoing',
      matches: under('/exchange/outgoing'),
      badge: 'outgoing',
    },
  ],
};
