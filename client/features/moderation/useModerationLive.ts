import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import {
  CampaignReviewChangedSubscription,
  ModerationCountsQuery,
  PlayerReportChangedSubscription,
  RegistrationRequestChangedSubscription,
} from './moderationApi';

export type ModerationTopic = 'reports' | 'campaigns' | 'registrations';

const listeners = new Set<{ topic: ModerationTopic; fn: (id: string) => void }>();

/**
 * The moderators' live queues, subscribed once per browser tab by the layout: each event
 * updates the cached row (the subscriptions select the rows' fragments), refreshes the header
 * badge's counts, and tells the open Moderation tab, which refetches its page.
 */
export function useModerationCounts(enabled: boolean) {
  const { data, refetch } = useQuery(ModerationCountsQuery, { skip: !enabled, fetchPolicy: 'cache-and-network' });
  const refreshCounts = useThrottledCallback(() => void refetch(), 300);
  const tell = (topic: ModerationTopic, id: string | undefined) => {
    refreshCounts();
    if (id) for (const l of listeners) if (l.topic === topic) l.fn(id);
  };
  useSubscription(PlayerReportChangedSubscription, {
    skip: !enabled,
    onData: ({ data: d }) => tell('reports', d.data?.playerReportChanged.id),
  });
  useSubscription(CampaignReviewChangedSubscription, {
    skip: !enabled,
    onData: ({ data: d }) => tell('campaigns', d.data?.campaignReviewChanged.id),
  });
  useSubscription(RegistrationRequestChangedSubscription, {
    skip: !enabled,
    onData: ({ data: d }) => tell('registrations', d.data?.registrationRequestChanged.id),
  });
  return enabled ? (data?.moderationCounts ?? null) : null;
}

/** Runs `fn` with the id of every live change on `topic` (while the component is mounted). */
export function useModerationEvents(topic: ModerationTopic, fn: (id: string) => void) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const entry = { topic, fn: (id: string) => latest.current(id) };
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }, [topic]);
}

/** What waits for moderators, for the header badge: new reports, campaigns, registrations. */
export const waitingTotal = (c: { newReports: number; campaignsToReview: number; registrations: number } | null) =>
  c ? c.newReports + c.campaignsToReview + c.registrations : 0;
