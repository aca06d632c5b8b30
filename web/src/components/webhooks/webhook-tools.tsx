// The webhook's admin tools: send a test ping now (its outcome as the API returns it) and rotate the signing
// secret (the new one shown once).
import { useState } from 'react';
import { useRotateSecret, useTestWebhook } from '../../api/webhook-queries';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { ShownOnceSecret } from '../shown-once-secret';

function TestPing({ site, webhookId }: { site: string; webhookId: string }) {
  const ping = useTestWebhook(site, webhookId);
  const result = ping.data;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">Sends a signed <code>test.ping</code> to the endpoint now and shows how it answered.</p>
      <Button onClick={() => ping.mutate()} disabled={ping.isPending} className="self-start">{ping.isPending ? 'Sending…' : 'Send a test ping'}</Button>
      <ErrorMessage error={ping.error} />
      <div role="status" aria-live="polite">
        {result ? (
          <dl data-testid="test-ping-result" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Outcome</dt><dd data-testid="ping-outcome">{result.success ? 'Delivered' : 'Failed'}</dd>
            <dt className="font-medium">Status code</dt><dd data-testid="ping-status">{result.status_code ?? 'no answer'}</dd>
            <dt className="font-medium">Duration</dt><dd data-testid="ping-duration">{result.duration_ms} ms</dd>
            {result.error ? <><dt className="font-medium">Error</dt><dd data-testid="ping-error" className="break-words">{result.error}</dd></> : null}
          </dl>
        ) : null}
      </div>
    </div>
  );
}

function RotateSecret({ site, webhookId }: { site: string; webhookId: string }) {
  const rotate = useRotateSecret(site, webhookId);
  const [secret, setSecret] = useState<string | null>(null);
  if (secret !== null) return <ShownOnceSecret what="the new signing secret" label="New signing secret" secret={secret} testId="webhook-secret" onDone={() => setSecret(null)} />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">Replaces the signing secret: the next attempt is signed with the new one, the old one stops working.</p>
      <ErrorMessage error={rotate.error} />
      <Button variant="secondary" onClick={() => rotate.mutate(undefined, { onSuccess: (answer) => setSecret(answer.secret) })} disabled={rotate.isPending} className="self-start">
        Rotate the secret
      </Button>
    </div>
  );
}

export function WebhookTools({ site, webhookId }: { site: string; webhookId: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title="Test ping"><TestPing site={site} webhookId={webhookId} /></Card>
      <Card title="Signing secret"><RotateSecret site={site} webhookId={webhookId} /></Card>
    </div>
  );
}
