import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { ChartColumn, CloudOff, Megaphone, Plus } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { Pagination } from '../../components/ui/Pagination';
import { notifyError } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { CampaignStatus } from '../../gql/graphql';
import { toMicros } from '../payments/amount';
import { serverError } from '../payments/serverError';
import { type CampaignRow, CampaignCards, CampaignTable } from './CampaignList';
import { CAMPAIGN_PAGE_SIZE, CampaignRowFragment, CampaignsQuery, SetCampaignActiveMutation } from './campaignsApi';
import { useLiveCampaignStats } from './useLiveCampaignStats';

// The form (zod, react-hook-form, the lookups) and the budget modal load after the page.
const CreateCampaignDialog = lazy(() =>
  import('./CreateCampaignDialog').then((m) => ({ default: m.CreateCampaignDialog })),
);
const BudgetDialog = lazy(() => import('./BudgetDialog').then((m) => ({ default: m.BudgetDialog })));

/**
 * What the switch shows at once: the server runs a campaign that is switched on and has budget
 * for an action (staff decisions, Moderation and Rejected, stay); its answer follows.
 */
export function optimisticStatus(
  campaign: Pick<CampaignRow, 'status' | 'budget' | 'prices'>,
  isActive: boolean,
): CampaignStatus {
  if (campaign.status !== 'ACTIVE' && campaign.status !== 'STOPPED') return campaign.status;
  const cheapest = campaign.prices.reduce<bigint | null>((min, p) => {
    const v = toMicros(p.value);
    return min === null || v < min ? v : min;
  }, null);
  return isActive && toMicros(campaign.budget) >= (cheapest ?? 1n) ? 'ACTIVE' : 'STOPPED';
}

/** Turns a campaign on or off optimistically; a refusal reverts the switch and shows a toast. */
export function useSetCampaignActive() {
  const [update] = useMutation(SetCampaignActiveMutation);
  return (campaign: Pick<CampaignRow, 'id' | 'status' | 'budget' | 'prices'>, isActive: boolean) =>
    update({
      variables: { id: campaign.id, isActive },
      optimisticResponse: {
        __typename: 'Mutation',
        updateCampaign: {
          __typename: 'Campaign',
          id: campaign.id,
          isActive,
          status: optimisticStatus(campaign, isActive),
        },
      },
    }).catch((error: unknown) => notifyError(serverError(error).message));
}

/** Campaign (spec 2.4): every campaign of the advertiser with live counters, 20 a page. */
export function CampaignPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [budget, setBudget] = useState<{ mode: 'fund' | 'return'; id: string | null }>({ mode: 'fund', id: null });
  const [wide] = useMediaQuery(['(min-width: 48rem)'], { ssr: false });
  const { data, loading, error, refetch } = useQuery(CampaignsQuery, {
    variables: { page, limit: CAMPAIGN_PAGE_SIZE },
  });
  const setActive = useSetCampaignActive();
  // Counters tick through the cache; a reconnect refetches active queries (apollo.ts).
  useLiveCampaignStats(undefined, Boolean(error && !data));

  const total = data?.campaigns.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CAMPAIGN_PAGE_SIZE));
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  const rows = data ? unmask(CampaignRowFragment, data.campaigns.data) : [];
  // The row itself, so the budget left shown in Return budget follows live events.
  const budgetTarget = rows.find((r) => r.id === budget.id) ?? null;
  const actions = {
    onToggle: (campaign: CampaignRow, isActive: boolean) => void setActive(campaign, isActive),
    onBudget: (mode: 'fund' | 'return', campaign: CampaignRow) => setBudget({ mode, id: campaign.id }),
  };

  return (
    <Page
      title="Campaign"
      description="Your campaigns across all projects. Counters update live."
      actions={
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <Link to="/advertiser/campaign/reports" data-testid="campaign-reports-link">
              <ChartColumn /> Reports
            </Link>
          </Button>
          {total > 0 && (
            <Button colorPalette="brand" onClick={() => setCreating(true)}>
              <Plus /> Add New Campaign
            </Button>
          )}
        </HStack>
      }
    >
      {loading && !data ? (
        <Stack gap="2" data-testid="campaigns-loading" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="14" borderRadius="md" />
          ))}
        </Stack>
      ) : error && !data ? (
        <EmptyState icon={<CloudOff />} title="Could not load campaigns" description={serverError(error).message}>
          <Button onClick={() => void refetch()}>Try again</Button>
        </EmptyState>
      ) : total === 0 ? (
        <EmptyState
          icon={<Megaphone />}
          title="No Campaign"
          description="Create a campaign for one of your resources to start buying actions."
        >
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            <Plus /> Add New Campaign
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="4">
          {wide ? <CampaignTable rows={rows} {...actions} /> : <CampaignCards rows={rows} {...actions} />}
          {pages > 1 && (
            <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align="center" gap="3">
              <Text fontSize="sm" color="fg.muted" data-testid="campaigns-total">
                {total} campaigns
              </Text>
              <Pagination label="Campaign pages" current={{ from: page, to: page }} pages={pages} onPage={setPage} />
            </Stack>
          )}
        </Stack>
      )}

      <Suspense fallback={null}>
        <CreateCampaignDialog open={creating} onClose={() => setCreating(false)} />
      </Suspense>
      <Suspense fallback={null}>
        <BudgetDialog
          mode={budget.mode}
          campaign={budgetTarget}
          onClose={() => setBudget((b) => ({ ...b, id: null }))}
        />
      </Suspense>
    </Page>
  );
}
