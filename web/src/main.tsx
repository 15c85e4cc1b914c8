import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { ApiError, api } from './api/client';
import { AuthProvider } from './auth/AuthProvider';
import './styles.css';

/** One more try after a failure to reach the server or a server error; a refusal (4xx) would only repeat. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry, refetchOnWindowFocus: false } },
});

// A returning user's session is asked for before anything renders; AuthProvider takes the answer.
const sessionAtStart = api.refresh();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider sessionAtStart={sessionAtStart}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
