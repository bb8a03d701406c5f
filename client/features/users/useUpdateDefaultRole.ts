import { t } from '@lingui/core/macro';
import { useMutation } from '@apollo/client/react';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import { errorMessage } from '../../lib/api';
import type { DefaultRole } from '../../lib/areas';

const UpdateDefaultRoleMutation = graphql(`
  mutation UpdateDefaultRole($input: UpdateMeInput!) {
    updateMe(input: $input) {
      id
      defaultRole
    }
  }
`);

/** Changes where the logo (and sign-in) leads: projects for advertisers, apps for publishers. */
export function useUpdateDefaultRole(userId: string | undefined) {
  const [mutate, { loading }] = useMutation(UpdateDefaultRoleMutation);
  const update = async (defaultRole: DefaultRole): Promise<boolean> => {
    if (!userId) return false;
    try {
      await mutate({
        variables: { input: { defaultRole } },
        optimisticResponse: { __typename: 'Mutation', updateMe: { __typename: 'User', id: userId, defaultRole } },
      });
      notifySuccess(t`Main area: ${defaultRole === 'ADVERTISER' ? 'Advertiser' : 'Publisher'}`);
      return true;
    } catch (error) {
      notifyError(errorMessage(error));
      return false;
    }
  };
  return { update, loading };
}
