// The mail queue after a sender dies, on both metadata stores, with a real SMTP server on loopback: a claimed
// mail whose message was never completed is sent once by the process that takes it over; a mail completed up to
// its final dot (released) is closed as sent and never sent again. And a rule's state moves once when two
// evaluations race for the same transition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertRuleRepository } from '../../src/alerts/alert-rule.repository.js';
import { MAIL_SENT_UNCONFIRMED, MailOutbox } from '../../src/platform/mail/mail-outbox.js';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

describe.each(await metadataBackends())('mail queue take-over (%s)', (backend) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let siteId: number;
  let owner: { cookie: string };
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  const content = { subject: 'Hello', text: 'Body' };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // The app is the surviving node: its own mail queue, on the same clock, takes the dead sender's mails over.
    t = await createTestApp({ backend, clock: clock.now, env: { SMTP_URL: smtp.url, ALERT_CHECK_INTERVAL: '1h', REPORT_CHECK_INTERVAL: '1h' } });
    owner = await signUp(t.app, `queue-${backend}@example.com`);
    siteId = (await createSite(t.app, owner, await createOrganization(t.app, owner.cookie, `queue-${backend}`), { domain: 'queue.example.com' })).siteId;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Runs a pass of the surviving node's mail queue and waits for it. */
  async function survivorPass(): Promise<void> {
    await t.services.mailQueue.idle();
    t.services.mailQueue.kick();
    await t.services.mailQueue.idle();
  }

  it('sends a mail once after a sender died before completing it, and never again one it completed', async () => {
    const crashed = { outbox: new MailOutbox(t.services.metadata.db, 60_000) };
    // Due a millisecond after the shared clock, so only the crashed process, on its own later instant, can take them:
    // the survivor's queue runs on its own timer and once took one first in a loaded whole run.
    const due = clock.now() + 1;
    await crashed.outbox.enqueue([
      { id: `mail_unfinished_${backend}`, kind: 'alert', siteId, reference: 'r1', recipient: 'one@example.com', content },
      { id: `mail_released_${backend}`, kind: 'alert', siteId, reference: 'r2', recipient: 'two@example.com', content },
    ], new Date(due).toISOString());
    // The crashed process took both; it released the second (its final dot went out) and died before recording.
    expect(await crashed.outbox.claim(`mail_unfinished_${backend}`, due)).toBeDefined();
    const released = await crashed.outbox.claim(`mail_released_${backend}`, due);
    expect(await crashed.outbox.release(`mail_released_${backend}`, released?.attempts ?? 0)).toBe(true);
    clock.advance(1);

    // While the claims hold, the survivor sends nothing.
    // (The sign-up's verification mail goes to the owner: only the two queued addresses count here.)
    const queued = () => smtp.received.filter((mail) => mail.to.includes('one@example.com') || mail.to.includes('two@example.com'));
    await survivorPass();
    expect(queued()).toHaveLength(0);
    clock.advance(61_000);
    await survivorPass();
    await until(queued, (mails) => mails.length === 1);
    expect(queued().map((mail) => mail.to)).toEqual([['one@example.com']]);
    await survivorPass();
    const states = await crashed.outbox.statusOf(siteId, ['r1', 'r2']);
    expect(states.map((row) => [row.recipient, row.status, row.attempts, row.error]).sort()).toEqual([
      ['one@example.com', 'sent', 2, null],
      ['two@example.com', 'sent', 1, MAIL_SENT_UNCONFIRMED],
    ]);
    expect(queued()).toHaveLength(1);
  });

  it('moves a rule to firing once when two evaluations race for it', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/alerts`, payload: { name: 'Race', preset: 'traffic_spike', emails: ['a@example.com'] } });
    const rule = await new AlertRuleRepository(t.services.metadata.db).get(siteId, created.json().data.id as string);
    if (!rule) throw new Error('rule not stored');
    const moves = await Promise.all([1, 2, 3].map(() => t.services.metadata.db.transaction().execute((trx) => AlertRuleRepository.transition(trx, rule, 'firing'))));
    expect(moves.filter(Boolean)).toHaveLength(1);
  });
});
