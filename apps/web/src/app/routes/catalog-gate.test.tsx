import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { installFakeLms } from '../../components/course-list/testing/fake-lms.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CatalogGate } from './catalog-gate.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderGate(catalogEnabled: boolean) {
  installFakeLms({ aggregates: [], catalogEnabled });
  await renderListPage(
    <CatalogGate>
      <h1>Catalog</h1>
    </CatalogGate>,
    { path: '/catalog', url: '/catalog', namespaces: ['errors'] },
  );
}

describe('CatalogGate', () => {
  it('shows the catalog while the catalog setting is on', async () => {
    await renderGate(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalog' })).toBeTruthy();
  });

  it('answers "not found" when the catalog is turned off', async () => {
    await renderGate(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Catalog' })).toBeNull();
  });
});
