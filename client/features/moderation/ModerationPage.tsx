import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Tabs } from '@chakra-ui/react/tabs';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Page } from '../../components/ui/Page';
import type { ModerationTab } from './tabs';
import { CampaignsTab } from './CampaignsTab';
import { ModerationCountsQuery } from './moderationApi';
import { PlayerReportsTab } from './PlayerReportsTab';
import { TabCount } from './parts';
import { RegistrationsTab } from './RegistrationsTab';
import { pageHeadings } from '../../lib/pageHeadings';
import { StaffForbidden } from '../security/StaffForbidden';
import { Trans } from '@lingui/react/macro';

const route = getRouteApi('/home/moderation');

function isForbidden(error: unknown): boolean {
  const errors = (error as { errors?: Array<{ extensions?: { code?: unknown } }> } | undefined)?.errors;
  return Boolean(errors?.some((e) => e.extensions?.code === 'FORBIDDEN'));
}

/**
 * The moderators' shared, live queues: players' reports, campaigns waiting for review, and
 * registration requests. The tab is in the address, so a link or a reload keeps it.
 */
export function ModerationPage() {
  const { tab = 'reports' } = route.useSearch();
  const navigate = useNavigate();
  // The layout keeps these counts live; here they are read from the same cache.
  const { data, error } = useQuery(ModerationCountsQuery);
  const counts = data?.moderationCounts;

  if (isForbidden(error)) {
    return <StaffForbidden page={t`Moderation`} who="moderators" error={error} />;
  }

  return (
    <Page {...pageHeadings['/moderation']}>
      <Tabs.Root
        value={tab}
        onValueChange={(e) =>
          void navigate({ to: '/moderation', search: { tab: e.value as ModerationTab }, replace: true })
        }
        variant="line"
        lazyMount
      >
        <Tabs.List overflowX="auto" className="hide-scrollbar">
          <Tabs.Trigger value="reports" flexShrink={0} whiteSpace="nowrap" data-testid="tab-reports">
            <Trans>
              Player reports <TabCount count={counts?.newReports} testId="count-reports" />
            </Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="campaigns" flexShrink={0} whiteSpace="nowrap" data-testid="tab-campaigns">
            <Trans>
              Campaigns <TabCount count={counts?.campaignsToReview} testId="count-campaigns" />
            </Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="registrations" flexShrink={0} whiteSpace="nowrap" data-testid="tab-registrations">
            <Trans>
              Registrations <TabCount count={counts?.registrations} testId="count-registrations" />
            </Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports" pt="4">
          <PlayerReportsTab />
        </Tabs.Content>
        <Tabs.Content value="campaigns" pt="4">
          <CampaignsTab />
        </Tabs.Content>
        <Tabs.Content value="registrations" pt="4">
          <RegistrationsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
