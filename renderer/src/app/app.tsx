import { FluentProvider } from '@fluentui/react-components';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { StrictMode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { RouterProvider } from 'react-router-dom';
import { ToastHost } from '../ui/notify';
import { useGlobalStyles } from './global-styles';
import { createAppRouter } from './router';
import { kuraTheme } from './theme';

interface AppProps {
  store: ReturnType<typeof createStore>;
  i18n: i18n;
}

export function App({ store, i18n }: AppProps) {
  const [router] = useState(createAppRouter);
  useGlobalStyles();
  return (
    <StrictMode>
      <JotaiProvider store={store}>
        {/* The QueryClient is provided by the routes' query-layout.tsx, off the sign-in form's way. */}
        <I18nextProvider i18n={i18n}>
          <FluentProvider theme={kuraTheme} style={{ minHeight: '100vh' }}>
            <RouterProvider router={router} />
            <ToastHost />
          </FluentProvider>
        </I18nextProvider>
      </JotaiProvider>
    </StrictMode>
  );
}
