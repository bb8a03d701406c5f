import type { Area } from '../../lib/areas';

export interface AreaTab {
  label: string;
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
      label: 'My projects',
      to: '/advertiser/projects',
      matches: (p) => under('/advertiser/projects')(p) || p === '/advertiser',
    },
    { label: 'Campaign', to: '/advertiser/campaign', matches: under('/advertiser/campaign') },
    { label: 'Add funds', to: '/advertiser/payments', matches: under('/advertiser/payments') },
    { label: 'Integrations', to: null, matches: never },
  ],
  publisher: [
    {
      label: 'My apps',
      to: '/publisher',
      matches: (p) =>
        p === '/publisher' || under('/publisher/platforms')(p) || /^\/publisher\/[^/]+\/campaigns/.test(p),
    },
    { label: 'Statistics', to: '/publisher/statistics', matches: under('/publisher/statistics') },
    { label: 'Withdraw money', to: '/publisher/payments', matches: under('/publisher/payments') },
    // The showcase code for each app in HTML, web component, React and Vue, with the docs link.
    { label: 'Integrations', to: '/publisher/integrations', matches: under('/publisher/integrations') },
  ],
  exchange: [
    { label: 'Swaps', to: '/exchange/swaps', matches: (p) => under('/exchange/swaps')(p) || p === '/exchange' },
    { label: 'Catalog', to: '/exchange/catalog', matches: under('/exchange/catalog') },
    { label: 'Incoming Requests', to: '/exchange/incoming', matches: under('/exchange/incoming'), badge: 'incoming' },
    { label: 'Outgoing Requests', to: '/exchange/outgoing', matches: under('/exchange/outgoing'), badge: 'outgoing' },
  ],
};
