// The account, session, organization, team and API key tables used by better-auth.
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { ts, bool } = columnTypes(dialect);
  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', ts, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('activeOrganizationId', 'text')
    .addColumn('activeTeamId', 'text')
    .execute();
  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', ts)
    .addColumn('refreshTokenExpiresAt', ts)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', ts, (c) => c.notNull())
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .execute();
  await createOrganizationTables(db, ts);
  await db.schema
    .createTable('apikey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('configId', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('start', 'text')
    .addColumn('referenceId', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('refillInterval', 'integer')
    .addColumn('refillAmount', 'integer')
    .addColumn('lastRefillAt', ts)
    .addColumn('enabled', bool)
    .addColumn('rateLimitEnabled', bool)
    .addColumn('rateLimitTimeWindow', 'integer')
    .addColumn('rateLimitMax', 'integer')
    .addColumn('requestCount', 'integer')
    .addColumn('remaining', 'integer')
    .addColumn('lastRequest', ts)
    .addColumn('expiresAt', ts)
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts, (c) => c.notNull())
    .addColumn('permissions', 'text')
    .addColumn('metadata', 'text')
    .execute();
  const indexes: Array<[string, string]> = [
    ['session', 'userId'],
    ['account', 'userId'],
    ['verification', 'identifier'],
    ['team', 'organizationId'],
    ['teamMember', 'teamId'],
    ['teamMember', 'userId'],
    ['member', 'organizationId'],
    ['member', 'userId'],
    ['invitation', 'organizationId'],
    ['invitation', 'email'],
    ['apikey', 'configId'],
    ['apikey', 'referenceId'],
    ['apikey', 'key'],
  ];
  for (const [table, column] of indexes) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

async function createOrganizationTables(db: Kysely<unknown>, ts: 'date' | 'timestamptz'): Promise<void> {
  await db.schema
    .createTable('organization')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('logo', 'text')
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('metadata', 'text')
    .execute();
  await db.schema
    .createTable('team')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('memberCount', 'integer', (c) => c.notNull())
    .addColumn('organizationId', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('updatedAt', ts)
    .execute();
  await db.schema
    .createTable('teamMember')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('teamId', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('membershipKey', 'text', (c) => c.unique())
    .addColumn('createdAt', ts)
    .execute();
  await db.schema
    .createTable('member')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organizationId', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('createdAt', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organizationId', 'text', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('teamId', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expiresAt', ts, (c) => c.notNull())
    .addColumn('createdAt', ts, (c) => c.notNull())
    .addColumn('inviterId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
}
