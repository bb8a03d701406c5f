import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Link } from '@tanstack/react-router';
import { HStack } from '@chakra-ui/react/stack';
import { Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { serverError } from '../../lib/serverError';
import { ExchangeMeQuery, JoinExchangeMutation } from './exchangeApi';
import { Trans } from '@lingui/react/macro';

/** Whether I am in the exchange, and a way in for who is not. */
export function useExchangeMe() {
  const { data, loading } = useQuery(ExchangeMeQuery);
  return { me: data?.me, loading };
}

/**
 * Shown instead of an exchange tab's content until the user joins. Joining needs at least one
 * app and one project: the server says which is missing, and the links lead there.
 */
export function JoinExchange({ children }: { children?: ReactNode }) {
  const [join, { loading }] = useMutation(JoinExchangeMutation);
  const submit = async () => {
    try {
      await join({ variables: { ready: true } });
      notifySuccess(t`You are in the exchange: partners can now see your apps and send you offers`);
    } catch (error) {
      notifyError(serverError(error).message);
    }
  };
  return (
    <EmptyState
      icon={<Handshake />}
      title={t`Join the exchange`}
      description={t`Swap traffic with other apps instead of paying for it: your app shows their tasks, their app shows yours. You need at least one app and one project.`}
    >
      <HStack wrap="wrap" justify="center">
        <Button colorPalette="brand" loading={loading} onClick={() => void submit()} data-testid="join-exchange">
          <Trans>Join the exchange</Trans>
        </Button>
        <Button asChild variant="outline">
          <Link to="/publisher/platforms/create">
            <Trans>Add an app</Trans>
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/advertiser/projects">
            <Trans>Add a project</Trans>
          </Link>
        </Button>
      </HStack>
      {children}
    </EmptyState>
  );
}
