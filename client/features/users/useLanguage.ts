import { useMutation } from '@apollo/client/react';
import { msg } from '@lingui/core/macro';
import { notifyError } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import { errorMessage } from '../../lib/api';
import { activateLanguage, i18n, type Language } from '../../lib/i18n';

const UpdateLanguageMutation = graphql(`
  mutation UpdateLanguage($input: UpdateMeInput!) {
    updateMe(input: $input) {
      id
      language
    }
  }
`);

/**
 * Chooses the dashboard's language: shown at once, and saved on the account (`updateMe`), so
 * every device, mail and bot message follows it. A choice the server refuses goes back.
 */
export function useChooseLanguage(userId: string | undefined) {
  const [mutate] = useMutation(UpdateLanguageMutation);
  return async (language: Language): Promise<boolean> => {
    if (!userId) return false;
    const before = i18n.locale as Language;
    try {
      await activateLanguage(language);
      await mutate({
        variables: { input: { language } },
        optimisticResponse: { __typename: 'Mutation', updateMe: { __typename: 'User', id: userId, language } },
      });
      return true;
    } catch (error) {
      await activateLanguage(before).catch(() => undefined);
      const reason = errorMessage(error);
      notifyError(i18n._(msg`The language was not saved: ${reason}`));
      return false;
    }
  };
}
