import type { TypedDocumentNode } from '@apollo/client';
import { getApolloClient } from '../apollo';
import { campaignsFirstState, campaignsVariables, CampaignsQuery } from '../features/campaigns/campaignsApi';
import { DEALS_PAGE_SIZE, DealsQuery, ExchangeMeQuery } from '../features/exchange/exchangeApi';
import { LayoutMeQuery } from '../features/layout/layoutApi';
import { PROJECTS_LIST, ProjectsQuery } from '../features/projects/projectsApi';
import {
  PublisherStatisticsQuery,
  StatisticsAppsQuery,
  statisticsFirstState,
  statisticsVariables,
} from '../features/statistics/statisticsApi';

/*
 * First-screen data started by the routes' loaders: a signed-in page's queries go out
 * while its code is still loading, not after it has rendered. The page asks for the same query
 * with the same variables and finds the answer in Apollo's cache (pages that refetch when their
 * live subscription starts show it while that refetch runs). A loader does not wait for them,
 * so a slow answer never holds the page back; a failed one is left to the page's own query to
 * show. Cache-first: a route visited again, or preloaded on hover, asks nothing new here.
 *
 * This module is loaded on demand by the route files (it brings the Apollo client), so the
 * public pages' entry chunk stays without it.
 */
function prefetch<T, V extends Record<string, unknown>>(query: TypedDocumentNode<T, V>, variables?: V) {
  getApolloClient()
    .query({ query, variables: variables as V, fetchPolicy: 'cache-first' })
    .catch(() => undefined);
}

/** Every signed-in page: the layout's account. */
export const prefetchLayout = () => prefetch(LayoutMeQuery);

/** The publisher's Statistics: the first page of days and the apps for the filter and scores. */
export function prefetchStatistics() {
  prefetch(PublisherStatisticsQuery, statisticsVariables(statisticsFirstState(), { taskType: '', platformId: '' }));
  prefetch(StatisticsAppsQuery);
}

/** The advertiser's Campaign page: the first page of campaigns. */
export const prefetchCampaigns = () =>
  prefetch(CampaignsQuery, campaignsVariables(campaignsFirstState(), { status: '', taskType: '' }));

/** The advertiser's My Projects. */
export const prefetchProjects = () => prefetch(ProjectsQuery, PROJECTS_LIST);

/**
 * The exchange's Swaps: whether the account is in the exchange, and the first page of its swaps
 * side by side (the page asks for the swaps once it knows the first: a chain of two round trips
 * before the cards, which Lighthouse's simulated slow 4G put at an LCP of 4 s).
 */
export function prefetchSwaps() {
  prefetch(ExchangeMeQuery);
  prefetch(DealsQuery, { page: 1, limit: DEALS_PAGE_SIZE });
}
