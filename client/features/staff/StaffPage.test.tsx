import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testApollo } from '../../test-apollo';
import { renderInApp } from '../../test-utils';
import { StaffPage } from './StaffPage';

describe('the Staff page', () => {
  it('lists staff with a switch per role, grants a role by e-mail, shows who changed what', async () => {
    const members = [
      {
        __typename: 'StaffMember',
        id: '3',
        name: 'Morgan',
        email: 'moderator@demo.local',
        isModerator: true,
        isFinance: true,
        isAdmin: true,
      },
    ];
    const apollo = testApollo((operation, variables) => {
      if (operation === 'Staff') {
        return {
          staffMembers: members,
          staffRoleChanges: [
            {
              __typename: 'StaffRoleChange',
              id: '1',
              email: 'moderator@demo.local',
              role: 'admin',
              granted: true,
              by: 'npm run staff',
              createdAt: '2026-11-29T00:00:00Z',
            },
          ],
        };
      }
      if (operation === 'SetStaffRole') {
        return {
          setStaffRole: {
            __typename: 'StaffMember',
            id: '9',
            isModerator: variables.role === 'moderator',
            isFinance: variables.role === 'finance',
            isAdmin: false,
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderInApp(apollo.wrap(<StaffPage />));
    const row = await screen.findByTestId('staff-moderator@demo.local');
    for (const role of ['Moderator', 'Finance', 'Staff administrator']) {
      expect(within(row).getByRole('checkbox', { name: `${role}: moderator@demo.local` })).toBeChecked();
    }
    expect(within(screen.getByTestId('staff-changes')).getByText('npm run staff')).toBeInTheDocument();

    // The e-mail is asked for first; then the chosen role is granted.
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Enter required value')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail of the account'), 'pat@demo.local');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(apollo.count('SetStaffRole')).toBe(1));
    expect(apollo.calls.find((c) => c.operationName === 'SetStaffRole')?.variables).toEqual({
      email: 'pat@demo.local',
      role: 'finance',
      granted: true,
    });
    expect(await screen.findByText('pat@demo.local: Finance granted')).toBeInTheDocument();

    // A switch takes a role away.
    await user.click(within(row).getByRole('checkbox', { name: 'Moderator: moderator@demo.local' }));
    await waitFor(() => expect(apollo.count('SetStaffRole')).toBe(2));
    expect(apollo.calls.filter((c) => c.operationName === 'SetStaffRole')[1].variables).toEqual({
      email: 'moderator@demo.local',
      role: 'moderator',
      granted: false,
    });
  });
});
