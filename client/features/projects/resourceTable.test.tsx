import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test-utils';
import { ResourceTable, type Task } from './ResourceTable';

function task(id: string, campaigns: Task['campaigns']): Task {
  return {
    __typename: 'Task',
    id,
    projectId: '1',
    type: 'CHANNEL',
    taskType: 'CHANNEL',
    title: `Resource ${id}`,
    url: `https://t.me/resource_${id}`,
    logo: '/media/logo.png',
    isMiniApp: false,
    inviteLink: null,
    verificationCode: 'abc',
    verificationLink: null,
    isVerifiedSource: true,
    campaigns,
  };
}

function renderTable(rows: Task[], onAddCampaign = vi.fn()) {
  // The table's own queries (SDK details, further pages) stay closed in these tests.
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  renderInApp(
    <ApolloProvider client={client}>
      <ResourceTable
        projectId="1"
        firstPageRows={rows}
        range={{ from: 1, to: 1 }}
        pages={1}
        onShowMore={vi.fn()}
        onPage={vi.fn()}
        onChanged={vi.fn()}
        onAddCampaign={onAddCampaign}
      />
    </ApolloProvider>,
  );
  return onAddCampaign;
}

/** A screen at least `width` px wide, as Chakra's useMediaQuery reads it. */
function screenWidth(width: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: Number(/min-width: (\d+)rem/.exec(query)?.[1] ?? 0) * 16 <= width,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
const jsdomMatchMedia = window.matchMedia;
beforeEach(() => screenWidth(1280));
afterEach(() => {
  window.matchMedia = jsdomMatchMedia;
});

describe('resource table on a phone', () => {
  it('shows each resource as a card with its name, link, campaigns and menu, no table', async () => {
    screenWidth(390);
    renderTable([
      task('9', [{ __typename: 'Campaign', id: '3', name: 'Spring launch', status: 'ACTIVE', isActive: true }]),
    ]);
    const card = await screen.findByTestId('resource-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Resource 9')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 't.me/resource_9' })).toBeInTheDocument();
    expect(
      within(within(card).getByTestId('campaign-cell')).getByRole('link', { name: 'Spring launch' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Actions for Resource 9' })).toBeInTheDocument();
  });
});

describe('resource table: Campaign column', () => {
  it("shows 'No Campaign' and 'Add New Campaign' for a resource without campaigns", async () => {
    const user = userEvent.setup();
    const bare = task('7', []);
    const onAdd = renderTable([bare]);
    expect(await screen.findByRole('columnheader', { name: 'Campaign' })).toBeInTheDocument();
    const cell = screen.getByTestId('campaign-cell');
    expect(within(cell).getByText('No Campaign')).toBeInTheDocument();
    await user.click(within(cell).getByRole('button', { name: /Add New Campaign/ }));
    expect(onAdd).toHaveBeenCalledWith(bare);
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('lists the campaigns of a resource with their status, linking to the campaign page', async () => {
    renderTable([
      task('8', [
        { __typename: 'Campaign', id: '3', name: 'Spring launch', status: 'ACTIVE', isActive: true },
        { __typename: 'Campaign', id: '4', name: 'Retarget', status: 'MODERATION', isActive: true },
      ]),
    ]);
    const cell = await screen.findByTestId('campaign-cell');
    expect(within(cell).queryByText('No Campaign')).toBeNull();
    expect(within(cell).getByRole('link', { name: 'Spring launch' })).toHaveAttribute('href', '/advertiser/campaign');
    const badges = within(cell).getAllByTestId('campaign-status');
    expect(badges.map((b) => b.textContent)).toEqual(['Active', 'Moderation']);
  });

  it("shows each resource's status from its campaigns (active, stopped, moderation, rejected)", async () => {
    const c = (id: string, status: Task['campaigns'][number]['status']) =>
      ({ __typename: 'Campaign', id, name: `Campaign ${id}`, status, isActive: status === 'ACTIVE' }) as const;
    renderTable([
      task('1', []),
      task('2', [c('21', 'ACTIVE'), c('22', 'MODERATION')]),
      task('3', [c('31', 'STOPPED'), c('32', 'ACTIVE')]),
      task('4', [c('41', 'REJECTED'), c('42', 'STOPPED')]),
      task('5', [c('51', 'STOPPED')]),
    ]);
    await screen.findAllByTestId('resource-row');
    const statuses = screen.getAllByTestId('resource-status').map((b) => [b.textContent, b.dataset.status]);
    expect(statuses).toEqual([
      // Capitalised as the campaigns' own statuses are.
      ['Active', 'ACTIVE'],
      ['Moderation', 'MODERATION'],
      ['Active', 'ACTIVE'],
      ['Rejected', 'REJECTED'],
      ['Stopped', 'STOPPED'],
    ]);
  });

  it('keeps the warning when a resource is deleted', async () => {
    const user = userEvent.setup();
    renderTable([task('9', [])]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Resource 9' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByTestId('delete-resource-dialog');
    expect(dialog).toHaveTextContent('Warning: all advertising campaigns are deleted along with the resource.');
  });
});
