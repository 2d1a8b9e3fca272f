// Persistent storage of the built-in OpenID provider (table oidc_payloads), shared by every
// server instance: sessions, interactions, grants, codes and tokens.
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

// Models found by something other than their id, or revoked together by grant.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export function createOidcAdapterFactory(
  db: Kysely<Database>,
  clock: Clock,
): (model: string) => Adapter {
  return (model: string) => new DatabaseOidcAdapter(db, clock, model);
}

class DatabaseOidcAdapter implements Adapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn
      ? new Date(this.clock.now().getTime() + expiresIn * 1000).toISOString()
      : null;
    const row = {
      payload: JSON.stringify(payload),
      grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insertInto('oidcPayloads')
      .values({ id, model: this.model, consumedAt: null, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidcPayloads')
      .set({ consumedAt: this.clock.now().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidcPayloads')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidcPayloads').where('grantId', '=', grantId).execute();
  }

  private async findBy(
    column: 'id' | 'uid' | 'userCode',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidcPayloads')
      .select(['id', 'payload', 'expiresAt', 'consumedAt'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    const now = this.clock.now();
    if (row.expiresAt && Date.parse(row.expiresAt) <= now.getTime()) {
      await this.destroy(row.id);
      return undefined;
    }
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // oidc-provider detects reuse of a consumed code or token through this epoch-seconds field.
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(Date.parse(row.consumedAt) / 1000) }
      : payload;
  }
}
