// The SMTP client against a loopback receiver: plain delivery, STARTTLS before credentials, TLS from the start,
// no credentials in clear text, and a refused recipient as an error.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/helpers/smtp-receiver.js';
import { TEST_CERT_DIR } from '../../../test/helpers/test-cert-dir.js';
import { ensureTestCertificate } from '../../../test/helpers/test-certificate.js';
import { MailWithheld, sendMail } from './smtp-client.js';
import { parseSmtpUrl } from './smtp-url.js';

const certificate = ensureTestCertificate(TEST_CERT_DIR);
const tlsFiles = { key: readFileSync(certificate.keyPath, 'utf8'), cert: readFileSync(certificate.certPath, 'utf8') };
const message = { from: 'loupe@example.com', to: 'ann@example.com', subject: 'Hello', text: 'Body' };
const AUTH = `AUTH PLAIN ${Buffer.from('\u0000ann\u0000s3cret').toString('base64')}`;

/** The receiver's URL with credentials, host given as localhost so the certificate's name matches. */
function withCredentials(url: string): string {
  return url.replace('://127.0.0.1', '://ann:s3cret@localhost');
}

describe('sendMail', () => {
  let receiver: SmtpReceiver | undefined;
  afterEach(async () => receiver?.close());

  it('delivers over a plain connection without credentials', async () => {
    receiver = await startSmtpReceiver();
    await sendMail({ settings: parseSmtpUrl(receiver.url), clientName: 'stats.example.com' }, message);
    expect(receiver.commands).toEqual(['EHLO stats.example.com', 'MAIL FROM:<loupe@example.com>', 'RCPT TO:<ann@example.com>', 'DATA', 'QUIT']);
    expect(receiver.received.map((mail) => [mail.from, mail.to, mail.headers.subject, mail.text])).toEqual([['loupe@example.com', ['ann@example.com'], 'Hello', 'Body']]);
  });

  it('completes the message only once its release agrees, and leaves the server nothing when it refuses', async () => {
    receiver = await startSmtpReceiver();
    const settings = parseSmtpUrl(receiver.url);
    let releasedAfterData = false;
    await sendMail({ settings, clientName: 'x' }, message, async () => {
      releasedAfterData = receiver?.commands.at(-1) === 'DATA' && receiver.received.length === 0;
      return true;
    });
    expect([releasedAfterData, receiver.received.length]).toEqual([true, 1]);
    await expect(sendMail({ settings, clientName: 'x' }, message, async () => false)).rejects.toBeInstanceOf(MailWithheld);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a fixed wait: shows that no second message arrives
    expect(receiver.received).toHaveLength(1);
  });

  it('upgrades with STARTTLS when offered and only then sends the credentials', async () => {
    receiver = await startSmtpReceiver({ tls: tlsFiles });
    await sendMail({ settings: parseSmtpUrl(withCredentials(receiver.url)), clientName: 'stats.example.com' }, message);
    expect(receiver.commands).toEqual([
      'EHLO stats.example.com', 'STARTTLS', '[tls] EHLO stats.example.com', `[tls] ${AUTH}`,
      '[tls] MAIL FROM:<loupe@example.com>', '[tls] RCPT TO:<ann@example.com>', '[tls] DATA', '[tls] QUIT',
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    receiver = await startSmtpReceiver({ tls: tlsFiles, implicitTls: true });
    await sendMail({ settings: parseSmtpUrl(withCredentials(receiver.url)), clientName: 'stats.example.com' }, message);
    expect(receiver.commands[1]).toBe(`[tls] ${AUTH}`);
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses to send credentials when the server offers no TLS', async () => {
    receiver = await startSmtpReceiver();
    await expect(sendMail({ settings: parseSmtpUrl(withCredentials(receiver.url)), clientName: 'x' }, message))
      .rejects.toThrow('SMTP server offers no TLS; refusing to send credentials in clear text');
    expect(receiver.commands).toEqual(['EHLO x']);
    expect(receiver.received).toEqual([]);
  });

  it('reports a refused recipient', async () => {
    receiver = await startSmtpReceiver({ refuseRecipients: true });
    await expect(sendMail({ settings: parseSmtpUrl(receiver.url), clientName: 'x' }, message)).rejects.toThrow('SMTP RCPT TO refused: 550 no such user here');
    expect(receiver.received).toEqual([]);
  });

  it('gives up on a server whose reply never ends', async () => {
    const server = net.createServer((socket) => {
      socket.write('220 hi\r\n');
      socket.once('data', () => socket.write('250-x\r\n'.repeat(2000)));
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await expect(sendMail({ settings: parseSmtpUrl(`smtp://127.0.0.1:${port}`), clientName: 'x' }, message)).rejects.toThrow('SMTP reply too long');
    } finally {
      server.close();
    }
  });

  it('reports a server that is not there', async () => {
    const gone = await startSmtpReceiver();
    const url = gone.url;
    await gone.close();
    await expect(sendMail({ settings: parseSmtpUrl(url), clientName: 'x' }, message)).rejects.toThrow(/^SMTP connection failed: connect ECONNREFUSED/);
  });
});
