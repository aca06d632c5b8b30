// SiteHeader: the top of a site's report page: its heading (and an action beside it), the site's page tabs, then
// one row of the view's controls: the period picker, the filter bar and the saved-segment menu, all in the URL.
import type { ReactNode } from 'react';
import { SiteNav } from '../settings/site-nav';
import { ViewFilters } from '../segments/view-filters';
import type { SiteViewState } from '../../view-state/url-state';
import { PeriodPicker } from './period-picker';

export interface SiteHeaderProps {
  readonly site: string;
  readonly title: string;
  /** Shown beside the heading (the dashboard's "Script tag" link). */
  readonly action?: ReactNode;
  readonly view: SiteViewState;
  readonly today: string;
  /** Whether the comparison with the previous period is offered (the dashboard's); false elsewhere. */
  readonly comparison?: boolean;
  readonly update: (change: Partial<SiteViewState>) => void;
}

export function SiteHeader({ site, title, action, view, today, comparison = false, update }: SiteHeaderProps) {
  return (
    <header className="flex flex-col gap-3" data-testid="site-header">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {action}
      </div>
      <SiteNav site={site} />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3" data-testid="view-controls">
        <PeriodPicker
          period={view.period} compare={comparison ? view.compare : false} today={today}
          onPeriod={(period) => update({ period })} {...(comparison ? { onCompare: (compare: boolean) => update({ compare }) } : {})}
        />
        <div className="min-w-0 flex-1"><ViewFilters site={site} view={view} update={update} /></div>
      </div>
    </header>
  );
}
