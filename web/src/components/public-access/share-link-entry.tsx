// /{site}/{key}[/{page}]: a private link, in Rybbit's form too. It checks the key (asking for the password
// when the link has one), keeps the link for this tab, then opens the site's dashboard read-only, with the query
// string (embed mode, theme, background) kept.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { apiRequest } from '../../api/client';
import { saveShareCredentials } from '../../api/share-credentials';
import { AuthFrame } from '../auth-frame';
import { Button } from '../button';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';

interface UnlockAnswer {
  readonly passwordRequired: boolean;
  readonly proof: string | null;
}

/** Keys Loupe issues: 12 hex characters (Rybbit's form), 32 before. */
const KEY_FORM = /^[0-9a-f]{12}$|^[0-9a-f]{32}$/;

/** Rybbit's page names under a private link, as Loupe's site pages (its main page, map and pages card are the dashboard). */
const PAGES: Readonly<Record<string, string>> = {
  main: '', pages: '', events: '', globe: '/realtime', realtime: '/realtime', sessions: '/sessions', users: '/users', performance: '/performance',
  goals: '/goals', funnels: '/funnels', journeys: '/journeys', retention: '/retention', errors: '/errors', replay: '/replays', bots: '/bots',
};

export function ShareLinkEntry() {
  const { site = '', privateKey = '', page = 'main' } = useParams();
  const { search } = useLocation();
  const [password, setPassword] = useState('');
  const [opened, setOpened] = useState(false);
  const unlock = useMutation({
    mutationFn: (withPassword: string | undefined) =>
      apiRequest<UnlockAnswer>(`/api/sites/${encodeURIComponent(site)}/private-link-unlock`, {
        method: 'POST', body: withPassword === undefined ? { key: privateKey } : { key: privateKey, password: withPassword },
      }),
    onSuccess: (answer) => {
      if (answer.passwordRequired && answer.proof === null) return;
      saveShareCredentials({ site, key: privateKey, proof: answer.proof });
      setOpened(true);
    },
  });
  const validKey = KEY_FORM.test(privateKey);
  const { mutate } = unlock;
  useEffect(() => {
    if (validKey) mutate(undefined);
  }, [validKey, mutate]);

  if (opened) return <Navigate replace to={`/sites/${encodeURIComponent(site)}${PAGES[page] ?? ''}${search}`} />;
  if (!validKey) return <AuthFrame title="Link not found"><p>This address is not a Loupe share link.</p></AuthFrame>;
  const needsPassword = unlock.data?.passwordRequired === true || (unlock.isError && unlock.variables !== undefined);
  if (!needsPassword) {
    return (
      <AuthFrame title="Shared dashboard">
        {unlock.isError ? <ErrorMessage error={unlock.error} /> : <p role="status">Opening the shared dashboard…</p>}
      </AuthFrame>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    unlock.mutate(password);
  };
  return (
    <AuthFrame title="This shared dashboard has a password">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        {unlock.isError ? <ErrorMessage error={unlock.error} /> : null}
        <Button type="submit" disabled={unlock.isPending}>Open the dashboard</Button>
      </form>
    </AuthFrame>
  );
}
