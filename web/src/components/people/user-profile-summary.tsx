// UserProfileSummary: a person's figures, first and last touch, device and place (GET /users/{userId}) as a description list.
import type { UserDetail } from '../../api/people-types';
import { formatApiTime, formatDuration } from './people-format';

export function UserProfileSummary({ user, timeZone }: { user: UserDetail; timeZone: string }) {
  const items: Array<[string, string, string]> = [
    ['Sessions', String(user.sessions), 'sessions'],
    ['Pageviews', String(user.pageviews), 'pageviews'],
    ['Events', String(user.events), 'events'],
    ['Average session', formatDuration(user.duration), 'duration'],
    ['First seen', formatApiTime(user.first_seen, timeZone), 'first_seen'],
    ['Last seen', formatApiTime(user.last_seen, timeZone), 'last_seen'],
    ['First channel', user.first_channel || '(none)', 'first_channel'],
    ['First referrer', user.first_referrer || '(none)', 'first_referrer'],
    ['First entry page', user.first_entry_page || '(none)', 'first_entry_page'],
    ['Place', [user.city, user.region, user.country].filter(Boolean).join(', ') || '(unknown)', 'country'],
    ['Device', [user.device_type, user.browser, user.operating_system].filter(Boolean).join(' · ') || '(unknown)', 'device_type'],
    ['Devices linked', String(user.linked_devices.length), 'linked_devices'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, text, field]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
          <dd data-field={field} className="break-words">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
