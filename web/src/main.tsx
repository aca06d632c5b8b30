// The dashboard's entry: query client, routes (one file per page under routes/), mounted into #root.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from './components/app-shell';
import { RequireSession } from './components/require-session';
import { ShareLinkEntry } from './components/public-access/share-link-entry';
import { ShareRedirect } from './components/public-access/share-redirect';
import { SiteAccess } from './components/public-access/site-access';
import { HomePage } from './routes/home';
import { SetupPage } from './routes/setup';
import { SignInPage } from './routes/sign-in';
import { SignUpPage } from './routes/sign-up';
import { SiteInstallPage } from './routes/site-install';
import { SitesPage } from './routes/sites';
import './index.css';
import { startTheme } from './components/theme/theme';
import { prefetchSiteDashboard } from './view-state/prefetch-site-dashboard';

startTheme();

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
prefetchSiteDashboard(queryClient, window.location, new Date());

/** Shown while the first page's code (a lazy route) loads: the router asks for one (else it warns on every page). */
function PageLoading() {
  return <p className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading…</p>;
}

const router = createBrowserRouter([{ HydrateFallback: PageLoading, children: [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  // The pages of the account mails' links and of the reset request: signed in or not.
  { path: '/forgot-password', lazy: () => import('./routes/forgot-password') },
  { path: '/reset-password', lazy: () => import('./routes/reset-password') },
  { path: '/verify-email', lazy: () => import('./routes/verify-email') },
  // An invitation link's page: signed out or in (the link's token is the proof, not the session).
  { path: '/invitation', lazy: () => import('./routes/invitation') },
  {
    element: <RequireSession />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/setup', element: <SetupPage /> },
      {
        element: <AppShell />,
        children: [
          { path: '/sites', element: <SitesPage /> },
          { path: '/sites/:site/install', element: <SiteInstallPage /> },
          { path: '/sites/:site/settings', lazy: () => import('./routes/settings/site-settings') },
          { path: '/sites/:site/webhooks', lazy: () => import('./routes/webhooks') },
          { path: '/sites/:site/alerts', lazy: () => import('./routes/alerts') },
          { path: '/sites/:site/email-reports', lazy: () => import('./routes/email-reports') },
          { path: '/sites/:site/imports', lazy: () => import('./routes/imports') },
          { path: '/sites/:site/webhooks/:webhookId', lazy: () => import('./routes/webhook') },
          { path: '/organizations', lazy: () => import('./routes/organizations') },
          { path: '/organizations/:organizationId', lazy: () => import('./routes/organization') },
          { path: '/account', lazy: () => import('./routes/account') },
          { path: '/account/security', lazy: () => import('./routes/account-security') },
        ],
      },
    ],
  },
  // A site's readable pages: signed in as usual, or read-only without signing in when the site is public.
  {
    element: <SiteAccess />,
    children: [
      // The site dashboard is its own chunk: its charts and map load only when a site is opened.
      { path: '/sites/:site', lazy: () => import('./routes/site') },
      { path: '/sites/:site/realtime', lazy: () => import('./routes/realtime') },
      { path: '/sites/:site/performance', lazy: () => import('./routes/performance') },
      { path: '/sites/:site/bots', lazy: () => import('./routes/bots') },
      { path: '/sites/:site/goals', lazy: () => import('./routes/goals') },
      { path: '/sites/:site/funnels', lazy: () => import('./routes/funnels') },
      { path: '/sites/:site/journeys', lazy: () => import('./routes/journeys') },
      { path: '/sites/:site/retention', lazy: () => import('./routes/retention') },
      { path: '/sites/:site/errors', lazy: () => import('./routes/errors') },
      { path: '/sites/:site/sessions', lazy: () => import('./routes/sessions') },
      { path: '/sites/:site/sessions/:sessionId', lazy: () => import('./routes/session') },
      { path: '/sites/:site/replays', lazy: () => import('./routes/replays') },
      { path: '/sites/:site/replays/:sessionId', lazy: () => import('./routes/replay') },
      { path: '/sites/:site/users', lazy: () => import('./routes/users') },
      { path: '/sites/:site/users/:userId', lazy: () => import('./routes/user') },
    ],
  },
  { path: '/share/:site', element: <ShareRedirect /> },
  // A private link, in Rybbit's form (`/{site}/{key}` and `/{site}/{key}/{page}`): static paths above win.
  { path: '/:site/:privateKey', element: <ShareLinkEntry /> },
  { path: '/:site/:privateKey/:page', element: <ShareLinkEntry /> },
] }]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
