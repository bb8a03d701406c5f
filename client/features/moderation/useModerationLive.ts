import { useQuery } from '@apollo/client/react';
import { useLayoutEffect, useRef } from 'react';
import { LIVE_QUERY, refetchQuietly, useLiveSubscription } from '../../lib/live';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import {
  CampaignReviewChangedSubscription,
  ModerationCountsQuery,
  PlayerReportChangedSubscription,
  RegistrationRequestChangedSubscription,
} from './moderationApi';

export type ModerationTopic = 'reports' | 'campaigns' | 'registrations';

/** The id told when a subscription became live: anything on the topic may have changed. */
export const ANY_CHANGE = '*';

const listeners = new Set<{ topic: ModerationTopic; fn: (id: string) => void }>();

/**
 * The moderators' live queues, subscribed once per browser tab by the layout: each event
 * updates the cached row (the subscriptions select the rows' fragments), refreshes the header
 * badge's counts, and tells the open Moderation tab, which refetches its page. Each time a
 * subscription becomes live (page load, reconnect) the tabs are told ANY_CHANGE and refetch,
 * so a claim made just before is not missed.
 */
export function useModerationCounts(enabled: boolean) {
  const counts = useQuery(ModerationCountsQuery, {
    skip: !enabled,
    fetchPolicy: 'cache-and-network',
    context: LIVE_QUERY,
  });
  const refreshCounts = useThrottledCallback(() => refetchQuietly(counts), 300);
  const announce = (topic: ModerationTopic, id: string | undefined) => {
    refreshCounts();
    if (id) for (const l of listeners) if (l.topic === topic) l.fn(id);
  };
  useLiveSubscription(PlayerReportChangedSubscription, {
    skip: !enabled,
    onLive: () => announce('reports', ANY_CHANGE),
    onData: ({ data: d }) => announce('reports', d.data?.playerReportChanged.id),
  });
  useLiveSubscription(CampaignReviewChangedSubscription, {
    skip: !enabled,
    onLive: () => announce('campaigns', ANY_CHANGE),
    onData: ({ data: d }) => announce('campaigns', d.data?.campaignReviewChanged.id),
  });
  useLiveSubscription(RegistrationRequestChangedSubscription, {
    skip: !enabled,
    onLive: () => announce('registrations', ANY_CHANGE),
    onData: ({ data: d }) => announce('registrations', d.data?.registrationRequestChanged.id),
  });
  return enabled ? (counts.data?.moderationCounts ?? null) : null;
}

/**
 * Runs `fn` with the id of every live change on `topic` (ANY_CHANGE when the subscription
 * became live), while the component is mounted. Registered in a layout effect: before the
 * tab's query is sent, so no event after that query can arrive with nobody listening.
 */
export function useModerationEvents(topic: ModerationTopic, fn: (id: string) => void) {
  const latest = useRef(fn);
  latest.current = fn;
  useLayoutEffect(() => {
    const entry = { topic, fn: (id: string) => latest.current(id) };
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }, [topic]);
}

/**
 * An open item's detail (a drawer) refetched when that item or anything on `topic` changes live.
 * With no item open there is nothing to refetch: the skipped query's `refetch()` would ask for
 * item ''.
 */
export function useOpenItemEvents(topic: ModerationTopic, id: string | null, refetch: () => Promise<unknown>) {
  useModerationEvents(topic, (changed) => {
    if (id && (changed === id || changed === ANY_CHANGE)) void refetch();
  });
}

/** What waits for moderators, for the header badge: new reports, campaigns, registrations. */
export const waitingTotal = (c: { newReports: number; campaignsToReview: number; registrations: number } | null) =>
  c ? c.newReports + c.campaignsToReview + c.registrations : 0;
