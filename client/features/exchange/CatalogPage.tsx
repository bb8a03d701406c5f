import { plural, t } from '@lingui/core/macro';
import { categoryName } from '../../lib/categories';
import { useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { CloudOff, Handshake, LayoutGrid, Search } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { Pagination } from '../../components/ui/Pagination';
import { errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { CATALOG_PAGE_SIZE, CatalogQuery } from './exchangeApi';
import { JoinExchange, useExchangeMe } from './JoinExchange';
import { OfferDialog, type OfferTarget } from './OfferDialog';
import { AppLine, taskTypeLabel } from './parts';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** Apps of other exchange-ready users, searchable (500 ms debounce), each with "Make an offer". */
export function CatalogPage() {
  const { me } = useExchangeMe();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<OfferTarget | null>(null);
  const term = useDebouncedValue(search.trim());
  const { data, loading, error, refetch } = useQuery(CatalogQuery, {
    variables: { search: term || null, page, limit: CATALOG_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const apps = data?.exchangeCatalog.data ?? [];
  const pages = Math.ceil((data?.exchangeCatalog.total ?? 0) / CATALOG_PAGE_SIZE);

  return (
    <Page {...pageHeadings['/exchange/catalog']}>
      {me && !me.isExchangeReady && <JoinExchange />}
      <InputGroup startElement={<Search size={16} />} maxW={{ md: 'sm' }}>
        <Input
          type="search"
          placeholder={t`Search apps, owners or categories`}
          aria-label={t`Search the catalog`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          data-testid="catalog-search"
        />
      </InputGroup>
      {error && !data ? (
        <EmptyState icon={<CloudOff />} title={t`Could not load the catalog`} description={errorMessage(error)}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : loading && !data ? (
        <SimpleGrid columns={GRID} gap="4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="44" borderRadius="xl" />
          ))}
        </SimpleGrid>
      ) : apps.length === 0 ? (
        <EmptyState
          icon={<LayoutGrid />}
          title={t`No records found`}
          description={term ? t`No app matches this search.` : t`No other app is open to swaps yet.`}
        />
      ) : (
        <SimpleGrid columns={GRID} gap="4" data-testid="catalog">
          {apps.map((app) => (
            <Card.Root key={app.id} size="sm" data-testid="catalog-card">
              <Card.Body gap="3">
                <AppLine app={app} caption={t`${categoryName(app.category.title)} · by ${app.ownerName}`} />
                <HStack gap="1" wrap="wrap">
                  {app.taskTypes.map((t) => (
                    <Badge key={t} variant="outline">
                      {taskTypeLabel(t)}
                    </Badge>
                  ))}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {plural(app.recentCompletions, {
                    one: '# completed task in the last 30 days',
                    other: '# completed tasks in the last 30 days',
                  })}
                </Text>
              </Card.Body>
              <Card.Footer>
                <Button
                  size="sm"
                  colorPalette="brand"
                  width="full"
                  disabled={!me?.isExchangeReady}
                  title={me?.isExchangeReady ? undefined : t`Join the exchange first`}
                  onClick={() => setTarget({ id: app.id, title: app.title, ownerName: app.ownerName })}
                >
                  <Handshake /> <Trans>Make an offer</Trans>
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <Stack align="center">
          <Pagination current={{ from: page, to: page }} pages={pages} onPage={setPage} label={t`Catalog pages`} />
        </Stack>
      )}
      <OfferDialog target={target} onClose={() => setTarget(null)} />
    </Page>
  );
}
