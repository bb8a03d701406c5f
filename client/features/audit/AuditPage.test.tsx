import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { AuditPage, describeChange, restAction } from './AuditPage';
import { actionColor } from './auditChange';

const event = (seq: number, over: Record<string, unknown>) => ({
  __typename: 'AuditEvent',
  seq,
  at: '2026-11-29T06:00:00Z',
  actorId: '3',
  actor: 'moderator@demo.local',
  action: 'WITHDRAWAL_APPROVED',
  objectType: 'WITHDRAWAL',
  objectId: '12',
  before: '{"stage":"REQUESTED","approvals":1}',
  after: '{"stage":"APPROVED","approvals":2,"needed":2}',
  ip: '203.0.113.7',
  hash: 'ab'.repeat(32),
  ...over,
});

describe('the Audit page', () => {
  it('lists who did what to which object, before and after, from where; the filters ask the server', async () => {
    const apollo = testApollo((operation, variables) => {
      if (operation === 'AuditActors')
        return { auditActors: [{ __typename: 'AuditActor', id: '3', email: 'moderator@demo.local' }] };
      if (operation === 'AuditEvents') {
        const onlyRules = JSON.stringify(variables.filters ?? {}).includes('WITHDRAWAL_AUTO_APPROVED');
        const data = onlyRules
          ? [event(9, { action: 'WITHDRAWAL_AUTO_APPROVED', actorId: null, actor: 'auto-approve rule', ip: null })]
          : [event(10, {}), event(9, { action: 'ROLE_GRANTED', objectType: 'USER', objectId: '8', before: null })];
        return { auditEvents: { __typename: 'AuditPage', totalCount: data.length, data } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderInApp(apollo.wrap(<AuditPage />));
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Withdrawal approved')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Withdrawal #12')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('from 203.0.113.7')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Before: stage: requested, approvals: 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('After: stage: approved, approvals: 2, needed: 2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Staff role granted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Account #8')).toBeInTheDocument();
    expect(screen.getByTestId('audit-total')).toHaveTextContent('2 entries');

    await user.selectOptions(screen.getByTestId('audit-action'), 'WITHDRAWAL_AUTO_APPROVED');
    await waitFor(() => expect(screen.getByTestId('audit-total')).toHaveTextContent('1 entry'));
    const [ruled] = screen.getAllByTestId('audit-row');
    expect(within(ruled!).getByText('Withdrawal approved by the rule')).toBeInTheDocument();
    expect(within(ruled!).getByText('auto-approve rule')).toBeInTheDocument();
    const last = apollo.calls.filter((c) => c.operationName === 'AuditEvents').at(-1)!;
    expect(last.variables).toMatchObject({ page: 1, filters: { action: ['WITHDRAWAL_AUTO_APPROVED'] } });
  });

  it('colours a refusal red and an approval green', () => {
    expect(actionColor('WITHDRAWAL_REJECTED')).toBe('red');
    expect(actionColor('REGISTRATION_DECLINED')).toBe('red');
    expect(actionColor('WITHDRAWAL_APPROVED')).toBe('green');
    expect(actionColor('WITHDRAWAL_REQUESTED')).toBe('gray');
  });

  it('says a change in words', () => {
    expect(describeChange(null)).toBe('');
    // The export's filter takes the REST name of an action.
    expect(restAction('WITHDRAWAL_AUTO_APPROVED')).toBe('withdrawal.auto_approved');
    expect(restAction('ROLE_GRANTED')).toBe('role.granted');
    expect(describeChange('{"status":"FAILED","reason":"Wrong"}')).toBe('status: failed, reason: Wrong');
    expect(describeChange('{"effects":{"budgetReturned":"5000000"}}')).toBe('effects: budget returned');
    // Flags in words, dates as dates, a field without a name spaced out rather than camelCased.
    expect(describeChange('{"proved":false,"withdrawalsStopped":true}')).toBe(
      'second factor proved: no, withdrawals stopped: yes',
    );
    expect(describeChange('{"heldUntil":"2026-12-07T10:00:00.000Z"}')).toMatch(/^held until: (?!2026-12-07T)/);
    expect(describeChange('{"someNewField":"x"}')).toBe('some new field: x');
  });
});
