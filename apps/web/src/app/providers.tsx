// Application providers: theme and colour scheme, text direction, server state, notifications.
import { useEffect, type ReactNode } from 'react';
import {
  DirectionProvider,
  MantineProvider,
  localStorageColorSchemeManager,
  useDirection,
} from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, localeDirection } from '../i18n/locales.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { Toasts } from './toasts.tsx';
import './app.css';

export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Keeps Mantine's direction in step with the UI language (ar-AR is right-to-left). */
function DirectionFromLocale() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const direction = localeDirection(isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
  useEffect(() => setDirection(direction), [direction, setDirection]);
  return null;
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <DirectionProvider detectDirection>
      <DirectionFromLocale />
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
