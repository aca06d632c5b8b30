// ViewFilters: a site page's filter bar with its saved segments, both read from and written to the URL view state.
import { FilterBar } from '../report-kit/filter-bar';
import { SegmentControls } from './segment-controls';
import type { SiteViewState } from '../../view-state/url-state';

export interface ViewFiltersProps {
  readonly site: string;
  readonly view: SiteViewState;
  readonly update: (change: Partial<SiteViewState>) => void;
}

export function ViewFilters({ site, view, update }: ViewFiltersProps) {
  return (
    <FilterBar
      filters={view.filters}
      onChange={(filters) => update({ filters })}
      actions={<SegmentControls site={site} filters={view.filters} segment={view.segment} onSegment={(segment, filters) => update(filters ? { segment, filters } : { segment })} />}
    />
  );
}
