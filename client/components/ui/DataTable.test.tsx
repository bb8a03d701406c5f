import { createColumnHelper } from '@tanstack/react-table';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test-utils';
import { DataTable, initialTableState, type TableState, tableQueryString } from './DataTable';

interface Row {
  id: string;
  name: string;
}
const col = createColumnHelper<Row>();
const columns = [
  col.accessor('id', { id: 'id', header: '#' }),
  col.accessor('name', { id: 'name', header: 'Name' }),
  col.display({ id: 'actions', header: 'Actions', cell: () => null }),
];
const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: String(i + 1), name: `Player ${i + 1}` }));

/** A table over an in-memory "server": records every state it is asked for. */
function Harness({ seen, rows = ALL, cards }: { seen: TableState<string>[]; rows?: Row[]; cards?: boolean }) {
  const [state, setState] = useState<TableState<string>>(initialTableState());
  seen.push(state);
  const matching = rows.filter((r) => r.name.toLowerCase().includes(state.search.toLowerCase()));
  const data = matching.slice((state.page - 1) * state.size, state.page * state.size);
  return (
    <DataTable
      label="Players"
      columns={columns}
      data={data}
      totalCount={matching.length}
      loading={false}
      state={state}
      onStateChange={setState}
      getRowId={(r) => r.id}
      rowProps={() => ({ 'data-testid': 'row' })}
      cards={
        cards
          ? (list) => (
              <ul>
                {list.map((r) => (
                  <li key={r.id} data-testid="card">
                    {r.name}
                  </li>
                ))}
              </ul>
            )
          : undefined
      }
    />
  );
}

/** A table whose action cell reads state outside its rows (a busy row, as a claim's spinner). */
function Busy({ rows }: { rows: Row[] }) {
  const [busy, setBusy] = useState<string>();
  const cols = useMemo(
    () => [
      col.accessor('name', { id: 'name', header: 'Name' }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <button type="button" onClick={() => setBusy(busy ? undefined : c.row.original.id)}>
            {busy === c.row.original.id ? 'Working' : `Claim ${c.row.original.id}`}
          </button>
        ),
      }),
    ],
    [busy],
  );
  return (
    <DataTable
      label="Players"
      columns={cols}
      data={rows}
      totalCount={rows.length}
      loading={false}
      state={initialTableState()}
      onStateChange={() => {}}
      getRowId={(r) => r.id}
    />
  );
}

describe('DataTable', () => {
  it('sorts by a column header: ascending, descending, then none', async () => {
    const user = userEvent.setup();
    const seen: TableState<string>[] = [];
    renderInApp(<Harness seen={seen} />);
    const sort = await screen.findByTestId('sort-name');
    expect(screen.queryByTestId('sort-actions')).toBeNull();
    await user.click(sort);
    expect(seen.at(-1)).toMatchObject({ sortField: 'name', sortOrder: 'asc', page: 1 });
    expect(sort.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(sort);
    expect(seen.at(-1)).toMatchObject({ sortField: 'name', sortOrder: 'desc' });
    await user.click(sort);
    expect(seen.at(-1)).toMatchObject({ sortField: undefined, sortOrder: undefined });
    expect(sort.closest('th')).not.toHaveAttribute('aria-sort');
  });

  it('page sizes 5/10/20/30/50 with 10 first; three page buttons; back to page 1 on a new size', async () => {
    const user = userEvent.setup();
    const seen: TableState<string>[] = [];
    renderInApp(<Harness seen={seen} />);
    expect(await screen.findAllByTestId('row')).toHaveLength(10);
    const size = screen.getByTestId('table-page-size');
    expect([...size.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['5', '10', '20', '30', '50']);
    const nav = screen.getByRole('navigation', { name: 'Players pages' });
    expect(within(nav).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByTestId('row')).toHaveLength(3);
    expect(screen.getByTestId('table-range')).toHaveTextContent('21–23 of 23');
    await user.selectOptions(size, '50');
    expect(seen.at(-1)).toMatchObject({ size: 50, page: 1 });
    expect(screen.getAllByTestId('row')).toHaveLength(23);
    // Everything on one page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Players pages' })).toBeNull();
  });

  it('searches 500 ms after the last keystroke, once; No records found when nothing matches', async () => {
    const user = userEvent.setup();
    const seen: TableState<string>[] = [];
    renderInApp(<Harness seen={seen} />);
    await screen.findAllByTestId('row');
    const typedAt = Date.now();
    await user.type(screen.getByTestId('table-search'), 'nobody');
    const searches = () => new Set(seen.map((s) => s.search).filter(Boolean));
    expect(searches().size).toBe(0);
    await waitFor(() => expect(searches()).toEqual(new Set(['nobody'])), { timeout: 2000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('No records found');
  });

  it('phones: cards instead of the table, the same pages, and a sort select for the sortable columns', async () => {
    const user = userEvent.setup();
    const seen: TableState<string>[] = [];
    // jsdom matches no media query: the narrow layout.
    renderInApp(<Harness seen={seen} cards />);
    expect(await screen.findAllByTestId('card')).toHaveLength(10);
    expect(screen.queryByRole('table')).toBeNull();
    const sort = screen.getByTestId('table-sort');
    expect([...sort.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual([
      '',
      'id:asc',
      'id:desc',
      'name:asc',
      'name:desc',
    ]);
    await user.selectOptions(sort, 'name:desc');
    expect(seen.at(-1)).toMatchObject({ sortField: 'name', sortOrder: 'desc', page: 1 });
    await user.selectOptions(sort, '');
    expect(seen.at(-1)).toMatchObject({ sortField: undefined, sortOrder: undefined });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByTestId('card')).toHaveLength(3);
  });

  it('a cell that reads state outside the rows renders again when that state changes (a claim’s spinner stops)', async () => {
    const user = userEvent.setup();
    const rows = ALL.slice(0, 3);
    renderInApp(<Busy rows={rows} />);
    await user.click(await screen.findByRole('button', { name: 'Claim 2' }));
    expect(await screen.findByRole('button', { name: 'Working' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Working' }));
    expect(await screen.findByRole('button', { name: 'Claim 2' })).toBeVisible();
  });

  it('an export asks for what the table selects: filters as JSON, search and sort, no page', () => {
    const state = initialTableState<string>({ page: 3, size: 50, search: 'amy', sortField: 'amount' });
    const query = new URLSearchParams(tableQueryString(state, { status: ['DONE'], app: null, type: '' }).slice(1));
    expect(Object.fromEntries(query)).toEqual({
      filters: '{"status":["DONE"]}',
      search: 'amy',
      sortField: 'amount',
      sortOrder: 'asc',
    });
    expect(tableQueryString(initialTableState())).toBe('');
  });
});
