// /sites/:site/journeys: the most common paths through the site as a Sankey diagram (its own chunk) and a table,
// with the period, filters, pages per journey, journeys shown and a start or end page, all in the URL.
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useJourneys } from '../api/insight-queries';
import type { Journey } from '../api/insight-types';
import { Card } from '../components/card';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { FilterBar } from '../components/report-kit/filter-bar';
import { InsightHeader } from '../components/report-kit/insight-header';
import { PeriodPicker } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { JourneyControls } from '../components/journeys/journey-controls';
import { JourneyTable } from '../components/journeys/journey-table';
import { journeyParams, readJourneyView, writeJourneyView, type JourneyView } from '../view-state/journey-state';
import { periodLabel } from '../view-state/period-label';
import { useSiteView } from '../view-state/use-site-view';

type Sankey = typeof import('../components/journeys/journey-sankey').JourneySankey;

/**
 * The diagram's own chunk, fetched when the page opens (alongside the journeys). Held in state rather than
 * behind React.lazy: a Suspense boundary would hold the finished diagram back for React's reveal throttle.
 */
function useSankey(): { component?: Sankey; failed?: true } {
  const [sankey, setSankey] = useState<{ component?: Sankey; failed?: true }>({});
  useEffect(() => {
    let live = true;
    import('../components/journeys/journey-sankey').then(
      (module) => live && setSankey({ component: module.JourneySankey }),
      () => live && setSankey({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return sankey;
}

const EMPTY = 'No session viewed that many pages in this period, with these filters and pages.';

/** `journeys` undefined: still loading, or failed (the page shows the error). */
function DiagramCard({ journeys, pending }: { journeys: readonly Journey[] | undefined; pending: boolean }) {
  const { component: JourneySankey, failed } = useSankey();
  const waiting = <p data-bench-piece="journey-sankey" data-bench-state="loading" className="py-6 text-center text-sm">Loading the diagram…</p>;
  return (
    <Card title="Journey diagram">
      {journeys === undefined ? (pending ? waiting : null) : journeys.length === 0 ? (
        <p data-bench-piece="journey-sankey" data-bench-state="empty" className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{EMPTY}</p>
      ) : (
        failed ? <p role="alert" className="py-6 text-center text-sm">The diagram could not be loaded; the table below lists the same journeys.</p> : JourneySankey === undefined ? waiting : (
          <div data-bench-piece="journey-sankey" data-bench-state="ready">
            <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">Each colour is one journey; the table below lists the same journeys.</p>
            <JourneySankey journeys={journeys} />
          </div>
        )
      )}
    </Card>
  );
}

export function JourneysPage() {
  const { site = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { view, today, params, update } = useSiteView();
  const journeyView = readJourneyView(search);
  const answer = useJourneys(site, { ...params, ...journeyParams(journeyView) });
  const journeys = answer.data?.journeys;
  const pages = [...new Set((journeys ?? []).flatMap((journey) => journey.path))].sort();
  const change = (next: Partial<JourneyView>) => setSearch((current) => writeJourneyView(current, next));
  return (
    <div className="flex flex-col gap-4">
      <InsightHeader site={site} title="Journeys" />
      <PeriodPicker period={view.period} today={today} onPeriod={(period) => update({ period })} />
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <JourneyControls view={journeyView} pages={pages} onChange={change} />
      <ErrorMessage error={answer.error} />
      <DiagramCard journeys={journeys} pending={answer.isPending} />
      <Card title="Journeys">
        <div data-bench-piece="journeys" data-bench-state={benchStateOfRows(answer.isSuccess, journeys?.length ?? 0)}>
          {answer.isPending ? <p className="py-6 text-center text-sm">Loading…</p> : null}
          {journeys?.length === 0 ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{EMPTY}</p> : null}
          {journeys && journeys.length > 0 ? <JourneyTable journeys={journeys} steps={journeyView.steps} fileLabel={periodLabel(params)} /> : null}
        </div>
      </Card>
    </div>
  );
}

export { JourneysPage as Component };
