// ShellFrame: what every page frame has (skip link, header with the brand on the left and actions on the right,
// main landmark around the page); the signed-in and the public shells fill in the two header sides.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ThemeSelect } from './theme/theme-select';

export function ShellFrame({ brand, actions }: { brand: ReactNode; actions: ReactNode }) {
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900">Skip to content</a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          {brand}
          <div className="flex items-center gap-2">
            <ThemeSelect />
            {actions}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
