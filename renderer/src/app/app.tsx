import { FluentProvider } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { StrictMode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { RouterProvider } from 'react-router-dom';
import { ToastHost } from './notify';
import { createAppRouter } from './router';
import { kuraTheme } from './theme';

interface AppProps {
  store: ReturnType<typeof createStore>;
  queryClient: QueryClient;
  i18n: i18n;
}

export function App({ store, queryClient, i18n }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <StrictMode>
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <FluentProvider theme={kuraTheme} style={{ minHeight: '100vh' }}>
              <RouterProvider router={router} />
              <ToastHost />
            </FluentProvider>
          </I18nextProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>
  );
}
