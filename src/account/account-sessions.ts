// The signed-in account's sessions as its owner sees them (device, address, when), and signing one of them out.
// better-auth keeps the sessions; their tokens (the cookie's secret) never leave this module: a session is named
// by its id.
import type { Auth } from '../platform/auth/create-auth.js';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../platform/http/app-errors.js';
import { describeSessionDevice, type SessionDevice } from './session-device.js';

export interface AccountSession extends SessionDevice {
  readonly id: string;
  /** True for the session making the call. */
  readonly current: boolean;
  readonly createdAt: string;
  /** When the session was last refreshed by a request (at most an hour behind). */
  readonly lastActiveAt: string;
  readonly expiresAt: string;
  /** The client address recorded at sign-in (behind TRUST_PROXY, the forwarded one), as given; null when unknown. */
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export class AccountSessions {
  constructor(private readonly auth: Auth) {}

  /** The caller's sessions that have not expired: the calling one first, then the most recently active. */
  async list(headers: Headers): Promise<AccountSession[]> {
    const { current, sessions } = await this.sessionsOf(headers);
    return sessions
      .map((session) => ({
        id: session.id,
        current: session.id === current,
        createdAt: iso(session.createdAt),
        lastActiveAt: iso(session.updatedAt),
        expiresAt: iso(session.expiresAt),
        ipAddress: session.ipAddress || null,
        userAgent: session.userAgent || null,
        ...describeSessionDevice(session.userAgent),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt) || a.id.localeCompare(b.id));
  }

  /** Ends one of the caller's other sessions; another account's session id is as unknown as a made-up one. */
  async revoke(headers: Headers, sessionId: string): Promise<void> {
    const { current, sessions } = await this.sessionsOf(headers);
    if (sessionId === current) throw new BadRequestError('This is the session making the call: sign out instead (POST /api/auth/sign-out)');
    const session = sessions.find((candidate) => candidate.id === sessionId);
    if (!session) throw new NotFoundError('Session not found');
    await (await this.auth.$context).internalAdapter.deleteSession(session.token);
  }

  private async sessionsOf(headers: Headers) {
    const caller = await this.auth.api.getSession({ headers });
    if (!caller) throw new UnauthorizedError('Session expired or invalid');
    const context = await this.auth.$context;
    const now = Date.now();
    const sessions = (await context.internalAdapter.listSessions(caller.user.id)).filter((session) => new Date(session.expiresAt).getTime() > now);
    return { current: caller.session.id, sessions };
  }
}
