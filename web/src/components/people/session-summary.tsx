// SessionSummary: one session's fields (times, visitor, device, place, source, figures) as a description list.
import { Link } from 'react-router';
import type { SessionRow } from '../../api/people-types';
import { FOCUS_RING } from '../button';
import { formatApiTime, formatDuration } from './people-format';
import { userPath, useViewSearch } from './people-links';
import { personOf } from './session-table';

export function SessionSummary({ site, session, timeZone }: { site: string; session: SessionRow; timeZone: string }) {
  const search = useViewSearch();
  const person = personOf(session);
  const items: Array<[string, string, string]> = [
    ['Started', formatApiTime(session.session_start, timeZone), 'session_start'],
    ['Ended', formatApiTime(session.session_end, timeZone), 'session_end'],
    ['Duration', formatDuration(session.session_duration), 'session_duration'],
    ['Pageviews', String(session.pageviews), 'pageviews'],
    ['Events', String(session.events), 'events'],
    ['Errors', String(session.errors), 'errors'],
    ['Entry page', session.entry_page, 'entry_page'],
    ['Exit page', session.exit_page, 'exit_page'],
    ['Channel', session.channel, 'channel'],
    ['Referrer', session.referrer || '(none)', 'referrer'],
    ['Place', [session.city, session.region, session.country].filter(Boolean).join(', ') || '(unknown)', 'country'],
    ['Device', [session.device_type, session.browser, session.operating_system].filter(Boolean).join(' · ') || '(unknown)', 'device_type'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
      <div className="min-w-0">
        <dt className="text-xs text-slate-600 dark:text-slate-400">Visitor</dt>
        <dd><Link to={userPath(site, person) + search} className={`break-all rounded font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>{person}</Link></dd>
      </div>
      {items.map(([label, text, field]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
          <dd data-field={field} className="break-words">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
