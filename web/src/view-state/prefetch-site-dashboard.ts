// Asks the site dashboard's first questions (top-line figures, chart, the cards' breakdowns) as soon as the entry chunk runs, with the
// keys the page will use: they leave while the page's own chunk loads and the session is checked, instead of
// after both. Those early-questions.ts already asked, before the bundle had run, are taken over instead.
import type { QueryClient } from '@tanstack/react-query';
import { answerOf } from '../api/client';
import { forgetEarlyAnswers, takeEarlyAnswer } from '../api/early-answers';
import { reportQuery } from '../api/report-query';
import { siteDashboardFirstQuestions } from './site-dashboard-first-questions';

export function prefetchSiteDashboard(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>, now: Date, signedIn?: boolean): void {
  // Every query is in the cache at once (a card mounting early shares it); one not asked early waits its turn inside.
  const before: Array<Promise<void>> = [];
  for (const question of siteDashboardFirstQuestions(location, now, signedIn)) {
    const query = reportQuery(question.path, question.site, question.params);
    const early = takeEarlyAnswer(question.url);
    const waited = [...before];
    const queryFn = early
      ? () => answerOf<Awaited<ReturnType<typeof query.queryFn>>>(early)
      : question.afterFirst ? () => Promise.allSettled(waited).then(query.queryFn) : query.queryFn;
    before.push(client.prefetchQuery({ ...query, queryFn }));
  }
  forgetEarlyAnswers();
}
