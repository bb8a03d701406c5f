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
      actions={
        config?.docsUrl ? (
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline" size="sm">
              <ChakraLink href={config.docsUrl} target="_blank" rel="noreferrer">
                Knowledge base <ExternalLink />
              </ChakraLink>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <ChakraLink href="/api/reference" target="_blank" rel="noreferrer">
                API reference <ExternalLink />
              </ChakraLink>
            </Button>
          </HStack>
        ) : undefined
      }
    >
      {loading && !data ? (
        <Skeleton h="60" borderRadius="xl" />
      ) : apps.length === 0 ? (
        <EmptyState
          icon={<Smartphone />}
          title="You don't have any platforms"
          description="Create an app first: its code appears here."
        >
          <Button asChild colorPalette="brand">
            <Link to="/publisher/platforms/create">Add App</Link>
          </Button>
        </EmptyState>
      ) : (
        <Card.Root>
          <Card.Body gap="4">
            <FormField label="App">
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
                Test before going live: add <Code>data-debug="true"</Code> to the element (or <Code>debug: true</Code>{' '}
                to <Code>Showcase.init</Code>) to get one test task that completes without money moving.
              </Text>
              <Text>
                Players see the showcase in their Telegram language (English, Russian, Ukrainian, Spanish, Portuguese,
                Turkish, Indonesian, Persian and Arabic; right to left where it should be).
              </Text>
              <Text>
                TypeScript types:{' '}
                <ChakraLink href={`${origin}/showcase.d.ts`} target="_blank" rel="noreferrer">
                  {origin}/showcase.d.ts
                </ChakraLink>
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Page>
  );
}
