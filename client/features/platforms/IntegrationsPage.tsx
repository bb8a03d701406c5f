import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Code } from '@chakra-ui/react/code';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { ExternalLink, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { FormField } from '../../components/ui/FormField';
import { Page } from '../../components/ui/Page';
import { useAuthConfig } from '../auth/useAuthConfig';
import { PlatformsQuery } from './platformsApi';
import { ShowcaseCode } from './ShowcaseCode';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

/** Publisher → Integrations: the showcase code for each app, in four flavours, and where to read more. */
export function IntegrationsPage() {
  const config = useAuthConfig();
  const { data, loading } = useQuery(PlatformsQuery, { variables: { page: 1, limit: 100 } });
  const apps = data?.platforms.data ?? [];
  const [chosen, setChosen] = useState<string>('');
  const platformId = chosen || apps[0]?.id || '';
  const origin = window.location.origin;

  return (
    <Page
      {...pageHeadings['/publisher/integrations']}
      actions={config?.docsUrl ? <DocsLinks docsUrl={config.docsUrl} /> : undefined}
    >
      {loading && !data ? (
        <Skeleton h="60" borderRadius="xl" />
      ) : apps.length === 0 ? (
        <EmptyState
          icon={<Smartphone />}
          title={t`You don't have any platforms`}
          description={t`Create an app first: its code appears here.`}
        >
          <Button asChild colorPalette="brand">
            <Link to="/publisher/platforms/create">
              <Trans>Add App</Trans>
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <Card.Root>
          <Card.Body gap="4">
            <FormField label={t`App`}>
              <NativeSelect.Root maxW={{ md: 'sm' }}>
                <NativeSelect.Field
                  value={platformId}
                  onChange={(e) => setChosen(e.target.value)}
                  data-testid="integrations-app"
                >
                  {apps.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <ShowcaseCode platformId={platformId} />
            <Stack gap="1" fontSize="sm" color="fg.muted">
              <Text>
                <Trans>
                  Test before going live: add{' '}
                  <Code>
                    <Trans>data-debug="true"</Trans>
                  </Code>{' '}
                  to the element (or{' '}
                  <Code>
                    <Trans>debug: true</Trans>
                  </Code>{' '}
                  to{' '}
                  <Code>
                    <Trans>Showcase.init</Trans>
                  </Code>
                  ) to get one test task that completes without money moving.
                </Trans>
              </Text>
              <Text>
                <Trans>
                  Players see the showcase in their Telegram language (English, Russian, Ukrainian, Spanish, Portuguese,
                  Turkish, Indonesian, Persian and Arabic; right to left where it should be).
                </Trans>
              </Text>
              <Text>
                <Trans>
                  TypeScript types:{' '}
                  <ChakraLink href={`${origin}/showcase.d.ts`} target="_blank" rel="noreferrer">
                    <Trans>{origin}/showcase.d.ts</Trans>
                  </ChakraLink>
                </Trans>
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Page>
  );
}

function DocsLinks({ docsUrl }: { docsUrl: string }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Button asChild variant="outline" size="sm">
        <ChakraLink href={docsUrl} target="_blank" rel="noreferrer">
          <Trans>
            Knowledge base <ExternalLink />
          </Trans>
        </ChakraLink>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <ChakraLink href="/api/reference" target="_blank" rel="noreferrer">
          <Trans>
            API reference <ExternalLink />
          </Trans>
        </ChakraLink>
      </Button>
    </HStack>
  );
}
