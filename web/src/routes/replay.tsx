// /sites/:site/replays/:sessionId: one recording played, with the session's pageviews, events and errors on its
// timeline, its visitor and device, links to the session and the person, and deletion for admins.
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { eventWithTime } from 'rrweb';
import { useSessionDetail } from '../api/people-queries';
import { useDeleteRecording, useRecording } from '../api/replay-queries';
import { Button, FOCUS_RING } from '../components/button';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { formatApiTime, formatDuration } from '../components/people/people-format';
import { sessionPath, userPath, useViewSearch } from '../components/people/people-links';
import { useSiteAccess } from '../components/public-access/read-only';
import { ReplayPlayer } from '../components/replay/replay-player';
import { timelineMarks } from '../components/replay/replay-timeline';
import { SiteNav } from '../components/settings/site-nav';
import { useSiteView } from '../view-state/use-site-view';

const LINK = `rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`;

export function ReplayPage() {
  const { site = '', sessionId = '' } = useParams();
  const { view } = useSiteView();
  const search = useViewSearch();
  const navigate = useNavigate();
  const { readOnly } = useSiteAccess();
  const recording = useRecording(site, sessionId);
  const metadata = recording.data?.metadata;
  // The session's own events over the recording's days (UTC): the timeline's marks.
  const day = (text: string | undefined) => (text ?? '').slice(0, 10);
  const session = useSessionDetail(site, sessionId, { start_date: day(metadata?.start_time), end_date: day(metadata?.end_time), time_zone: 'UTC', limit: 1000 });
  const remove = useDeleteRecording(site);
  const events = useMemo(() => (recording.data?.events ?? []) as unknown as eventWithTime[], [recording.data]);
  const sessionEvents = session.data?.events;
  const marks = useMemo(() => (start: number, length: number) => timelineMarks(sessionEvents ?? [], start, length), [sessionEvents]);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Replay of session {sessionId}</h1>
      <SiteNav site={site} />
      <div className="flex flex-wrap gap-3">
        <Link to={`/sites/${encodeURIComponent(site)}/replays${search}`} className={LINK}>All replays</Link>
        <Link to={`${sessionPath(site, sessionId)}${search}`} className={LINK}>Session details</Link>
        {metadata ? <Link to={`${userPath(site, metadata.identified_user_id || metadata.user_id)}${search}`} className={LINK}>Visitor&apos;s profile</Link> : null}
      </div>
      <ErrorMessage error={recording.error ?? remove.error} />
      {metadata ? (
        <Card title="Recording">
          <dl className="mb-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <dt className="font-medium">Started</dt><dd>{formatApiTime(metadata.start_time, view.timeZone)}</dd>
            <dt className="font-medium">Length</dt><dd>{formatDuration(metadata.duration_ms / 1000)}</dd>
            <dt className="font-medium">Page</dt><dd className="break-all">{metadata.page_url}</dd>
            <dt className="font-medium">Device</dt><dd>{[metadata.browser, metadata.operating_system, metadata.device_type].filter(Boolean).join(' · ')}</dd>
            <dt className="font-medium">Place</dt><dd>{[metadata.city, metadata.country].filter(Boolean).join(', ') || '–'}</dd>
            <dt className="font-medium">Screen</dt><dd>{metadata.screen_width}×{metadata.screen_height}</dd>
          </dl>
          <ReplayPlayer events={events} marks={marks} />
          {readOnly ? null : (
            <div className="mt-4">
              <Button
                variant="secondary"
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm('Delete this recording? Its session\'s analytics stay.')) return;
                  remove.mutate(sessionId, { onSuccess: () => void navigate(`/sites/${encodeURIComponent(site)}/replays${search}`) });
                }}
              >
                Delete recording
              </Button>
            </div>
          )}
        </Card>
      ) : recording.isPending ? <p className="text-sm">Loading…</p> : null}
    </div>
  );
}

export { ReplayPage as Component };
