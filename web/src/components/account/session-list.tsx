// SessionList: where the account is signed in (device, address, sign-in and last activity), "this session"
// marked; signing out one of the others, or all of them. The table scrolls sideways in its region on narrow screens
// (the region is positioned so that the visually hidden column heading scrolls with it).
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from '../../api/account-queries';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { formatInstant } from '../format-instant';
import { TABLE, TD, TH } from '../table-frame';

export function SessionList() {
  const sessions = useAccountSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <Card title="Sessions">
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">Browsers and devices signed in to this account. Sign out any you do not recognise, then change your password.</p>
        <ErrorMessage error={sessions.error ?? signOutOne.error ?? signOutOthers.error} />
        {sessions.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
        {list.length > 0 ? (
          <div tabIndex={0} role="region" aria-label="Sessions" className="relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
            <table className={TABLE}>
              <thead>
                <tr>
                  <th scope="col" className={TH}>Device</th>
                  <th scope="col" className={TH}>Address</th>
                  <th scope="col" className={TH}>Signed in</th>
                  <th scope="col" className={TH}>Last active</th>
                  <th scope="col" className={TH}><span className="sr-only">Action</span></th>
                </tr>
              </thead>
              <tbody>
                {list.map((session) => (
                  <tr key={session.id} data-testid="account-session">
                    <td className={TD} title={session.userAgent ?? undefined}>{session.description}</td>
                    <td className={TD}>{session.ipAddress ?? 'Unknown'}</td>
                    <td className={TD}>{formatInstant(session.createdAt)}</td>
                    <td className={TD}>{formatInstant(session.lastActiveAt)}</td>
                    <td className={TD}>
                      {session.current ? (
                        <span className="rounded bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">This session</span>
                      ) : (
                        <Button variant="secondary" aria-label={`Sign out ${session.description}, signed in ${formatInstant(session.createdAt)}`} disabled={signOutOne.isPending} onClick={() => signOutOne.mutate(session.id)}>
                          Sign out
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div>
          <Button variant="secondary" disabled={others === 0 || signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>Sign out all other sessions</Button>
        </div>
      </div>
    </Card>
  );
}
