// /open-catalog: the public course catalog of the visited domain, searched and filtered in the browser.
import { useState } from 'react';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MAX_FILTER_TEXT_LENGTH } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import {
  publicCatalogDomain,
  publicObjectivesQuery,
  publicShowcasesQuery,
} from './api/open-catalog-queries.ts';
import { CollectionFilter } from './components/collection-filter.tsx';
import { OpenCatalogResults } from './components/open-catalog-results.tsx';
import { filterOpenCatalog } from './open-catalog-search.ts';

// The search and collections live in the address, so "Back" from a course returns to the same results.
const SEARCH_PARAM = 'keyword';
const COLLECTION_PARAM = 'collection';

export function OpenCatalogPage() {
  const { t } = useTranslation('openCatalog');
  usePageTitle(t('title'));
  const domain = publicCatalogDomain();
  const objectives = useQuery(publicObjectivesQuery(domain));
  const showcases = useQuery(publicShowcasesQuery(domain));
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get(SEARCH_PARAM) ?? '');

  const knownShowcases = showcases.data ?? [];
  const requested = (searchParams.get(COLLECTION_PARAM) ?? '').split(',').filter(Boolean);
  // Ids that are not (or no longer) collections of this catalog are ignored.
  const collections = requested.filter((id) => knownShowcases.some((s) => s.id === id));

  const updateAddress = (next: { search?: string; collections?: string[] }) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        const apply = (key: string, value: string) =>
          value ? params.set(key, value) : params.delete(key);
        if (next.search !== undefined) apply(SEARCH_PARAM, next.search);
        if (next.collections !== undefined) apply(COLLECTION_PARAM, next.collections.join(','));
        return params;
      },
      { replace: true },
    );
  };

  const matching = filterOpenCatalog(objectives.data ?? [], { search, collections });

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <TextInput
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        // The search is kept in the address: as short as the signed-in lists keep theirs.
        maxLength={MAX_FILTER_TEXT_LENGTH}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          updateAddress({ search: event.currentTarget.value });
        }}
        maw={420}
        w="100%"
      />
      <CollectionFilter
        showcases={knownShowcases}
        selected={collections}
        onChange={(selected) => updateAddress({ collections: selected })}
      />
      {objectives.isPending ? (
        <BlockingLoader visible label={t('loading')} />
      ) : objectives.isError ? (
        <EmptyState
          title={t('loadFailed.title')}
          description={t('loadFailed.description')}
          action={
            <Button variant="default" onClick={() => void objectives.refetch()}>
              {t('loadFailed.retry')}
            </Button>
          }
        />
      ) : (
        <OpenCatalogResults
          total={objectives.data.length}
          matching={matching}
          onClearSearch={() => {
            setSearch('');
            updateAddress({ search: '', collections: [] });
          }}
        />
      )}
    </Stack>
  );
}
