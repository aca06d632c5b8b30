// A minimal SMTP client over node:net / node:tls: EHLO, STARTTLS when offered, AUTH PLAIN over TLS only, one message.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import { renderMessage, type MailMessage } from './mail-message.js';
import type { SmtpSettings } from './smtp-url.js';

export interface SmtpClientOptions {
  readonly settings: SmtpSettings;
  /** Name given in EHLO (the host of BASE_URL). */
  readonly clientName: string;
  readonly timeoutMs?: number;
  /** Extra trust for TLS (tests pass their own certificate authority). */
  readonly tlsCa?: string;
}

export class SmtpError extends Error {}

/** The message was not completed because `release` refused it: the server got no whole message. */
export class MailWithheld extends SmtpError {}

interface Reply {
  readonly code: number;
  readonly lines: string[];
}

/** Reads SMTP replies (possibly multi-line: `250-...` then `250 ...`) from a socket. */
class ReplyReader {
  private buffer = '';
  private readonly waiting: Array<(reply: Reply) => void> = [];
  private readonly ready: Reply[] = [];
  private pending: string[] = [];

  push(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\r\n');
    while (end >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.pending.push(line.slice(4));
      if (this.pending.length > 1000) throw new SmtpError('SMTP reply too long');
      if (line.charAt(3) !== '-') {
        const reply = { code: Number(line.slice(0, 3)), lines: this.pending };
        this.pending = [];
        const waiter = this.waiting.shift();
        if (waiter) waiter(reply);
        else this.ready.push(reply);
      }
      end = this.buffer.indexOf('\r\n');
    }
    if (this.buffer.length > 64 * 1024) throw new SmtpError('SMTP reply line too long');
  }

  next(): Promise<Reply> {
    const reply = this.ready.shift();
    if (reply) return Promise.resolve(reply);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

class Conversation {
  private reader = new ReplyReader();
  private failure: Promise<never>;
  private fail: (error: Error) => void = () => undefined;

  constructor(private socket: net.Socket) {
    this.failure = new Promise<never>((_, reject) => {
      this.fail = reject;
    });
    this.failure.catch(() => undefined);
    this.listen(socket);
  }

  private listen(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      try {
        this.reader.push(chunk);
      } catch (error) {
        this.fail(error as Error);
      }
    });
    socket.on('error', (error) => this.fail(new SmtpError(`SMTP connection failed: ${error.message}`)));
    socket.on('close', () => this.fail(new SmtpError('SMTP connection closed early')));
  }

  /** Waits for the next reply and checks its code. */
  async expect(codes: readonly number[], step: string): Promise<Reply> {
    const reply = await Promise.race([this.reader.next(), this.failure]);
    if (!codes.includes(reply.code)) throw new SmtpError(`SMTP ${step} refused: ${reply.code} ${reply.lines.join(' ').slice(0, 200)}`);
    return reply;
  }

  async command(line: string, codes: readonly number[], step: string): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.expect(codes, step);
  }

  /** Replaces the plain socket by a TLS one on the same connection (after STARTTLS). */
  async upgrade(options: tls.ConnectionOptions): Promise<void> {
    this.socket.removeAllListeners('data');
    this.socket.removeAllListeners('close');
    this.socket.removeAllListeners('error');
    const secure = tls.connect({ ...options, socket: this.socket });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
    });
    this.socket = secure;
    this.reader = new ReplyReader();
    this.listen(secure);
  }

  write(data: string): void {
    this.socket.write(data);
  }

  end(): void {
    this.socket.removeAllListeners('close');
    this.socket.end();
  }

  destroy(): void {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }
}

function connect(options: SmtpClientOptions): Promise<net.Socket> {
  const { host, port, implicitTls } = options.settings;
  return new Promise((resolve, reject) => {
    const socket = implicitTls
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, ...(options.tlsCa ? { ca: options.tlsCa } : {}) }, () => resolve(socket))
      : net.connect({ host, port }, () => resolve(socket));
    socket.once('error', (error) => reject(new SmtpError(`SMTP connection failed: ${error.message}`)));
  });
}

/**
 * Sends one message; resolves once the server accepted it for delivery. With `release`, the final dot (which
 * alone makes the server take the message) waits for it: false aborts, and the server discards what it got.
 */
export async function sendMail(options: SmtpClientOptions, message: MailMessage, release?: () => Promise<boolean>): Promise<void> {
  const socket = await connect(options);
  socket.setTimeout(options.timeoutMs ?? 15_000, () => socket.destroy(new SmtpError('SMTP server timed out')));
  const talk = new Conversation(socket);
  try {
    await talk.expect([220], 'greeting');
    const features = (await talk.command(`EHLO ${options.clientName}`, [250], 'EHLO')).lines;
    let secure = options.settings.implicitTls;
    if (!secure && features.some((line) => line.toUpperCase() === 'STARTTLS')) {
      await talk.command('STARTTLS', [220], 'STARTTLS');
      const { host } = options.settings;
      await talk.upgrade({ servername: net.isIP(host) ? undefined : host, ...(options.tlsCa ? { ca: options.tlsCa } : {}) });
      secure = true;
      await talk.command(`EHLO ${options.clientName}`, [250], 'EHLO');
    }
    const credentials = options.settings.credentials;
    if (credentials) {
      // Credentials never travel in clear text.
      if (!secure) throw new SmtpError('SMTP server offers no TLS; refusing to send credentials in clear text');
      const token = Buffer.from(`\u0000${credentials.user}\u0000${credentials.password}`, 'utf8').toString('base64');
      await talk.command(`AUTH PLAIN ${token}`, [235], 'AUTH');
    }
    const rendered = renderMessage(message, new Date(), `${randomUUID()}@${options.clientName}`);
    await talk.command(`MAIL FROM:<${message.from}>`, [250], 'MAIL FROM');
    await talk.command(`RCPT TO:<${message.to}>`, [250, 251], 'RCPT TO');
    await talk.command('DATA', [354], 'DATA');
    const stuffed = rendered.split('\r\n').map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n');
    talk.write(`${stuffed}\r\n`);
    if (release && !(await release())) throw new MailWithheld('Another sender took this message over');
    talk.write('.\r\n');
    await talk.expect([250], 'message');
    await talk.command('QUIT', [221], 'QUIT').catch(() => undefined);
    talk.end();
  } catch (error) {
    talk.destroy();
    throw error;
  }
}
