import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/auth/password';
import { normaliseEmail } from '@/lib/auth/users';
import { getDb, schema } from '@/lib/db';
import type { InvitationRow, UserRole } from '@/lib/db/schema';

/** How long an invitation or a reset link can be used. */
export const LINK_VALID_MS = 72 * 60 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type IssuedLink = { token: string; expiresAt: number; email: string };

/**
 * Makes a one-time link: an invitation for a new person, or a password reset for an existing one.
 * Only the token's hash is stored, so the link can be shown once and never again. An earlier unused
 * link for the same email and purpose stops working.
 */
export async function issueLink(input: {
  kind: 'invite' | 'reset';
  email: string;
  role: UserRole;
  createdBy: string;
}): Promise<IssuedLink> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = now + LINK_VALID_MS;
  const email = normaliseEmail(input.email);
  await (
    await getDb()
  ).transaction(async (tx) => {
    await tx
      .update(schema.invitations)
      .set({ usedAt: now })
      .where(and(eq(schema.invitations.email, email), eq(schema.invitations.kind, input.kind), isNull(schema.invitations.usedAt)));
    await tx.insert(schema.invitations).values({
      tokenHash: hashToken(token),
      kind: input.kind,
      email,
      role: input.role,
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(
      {
        actor: input.createdBy,
        action: input.kind === 'invite' ? 'team.invite' : 'team.reset_link',
        target: `user:${email}`,
        outcome: 'ok',
        detail: input.kind === 'invite' ? `as ${input.role}, valid 72 h` : 'valid 72 h',
      },
      tx,
    );
  });
  return { token, expiresAt, email };
}

/** The link's invitation while it can still be used; undefined when unknown, used, revoked or expired. */
export async function usableLink(token: string): Promise<InvitationRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.invitations)
    .where(
      and(
        eq(schema.invitations.tokenHash, hashToken(token)),
        isNull(schema.invitations.usedAt),
        gt(schema.invitations.expiresAt, Date.now()),
      ),
    );
  return row;
}

export type RedeemOutcome = { ok: true; email: string; kind: 'invite' | 'reset' } | { ok: false; reason: 'unusable' | 'taken' };

/**
 * Uses the link once: creates the invited person, or sets the new password (ending that person's
 * sessions). The link is marked used in the same transaction, so two tabs cannot both use it.
 */
export async function redeemLink(token: string, input: { name: string; password: string }): Promise<RedeemOutcome> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await redeemIn(token, input.name, passwordHash);
  } catch (error) {
    // Thrown inside the transaction so that marking the link used is undone with the rest.
    if (error instanceof LinkRefused) return { ok: false, reason: error.reason };
    throw error;
  }
}

class LinkRefused extends Error {
  constructor(readonly reason: 'unusable' | 'taken') {
    super(reason);
  }
}

async function redeemIn(token: string, name: string, passwordHash: string): Promise<RedeemOutcome> {
  return (await getDb()).transaction(async (tx): Promise<RedeemOutcome> => {
    const now = Date.now();
    const [link] = await tx
      .update(schema.invitations)
      .set({ usedAt: now })
      .where(
        and(eq(schema.invitations.tokenHash, hashToken(token)), isNull(schema.invitations.usedAt), gt(schema.invitations.expiresAt, now)),
      )
      .returning();
    if (!link) return { ok: false, reason: 'unusable' };
    if (link.kind === 'invite') {
      const created = await tx
        .insert(schema.users)
        .values({ email: link.email, name, role: link.role, passwordHash, createdAt: new Date(now).toISOString() })
        .onConflictDoNothing({ target: schema.users.email })
        .returning({ id: schema.users.id });
      if (created.length === 0) throw new LinkRefused('taken');
      await recordAudit(
        {
          actor: link.email,
          action: 'team.invite_accept',
          target: `user:${link.email}`,
          outcome: 'ok',
          detail: `as ${link.role}, invited by ${link.createdBy}`,
        },
        tx,
      );
    } else {
      const updated = await tx
        .update(schema.users)
        .set({ passwordHash, sessionsValidAfter: now })
        .where(eq(schema.users.email, link.email))
        .returning({ id: schema.users.id });
      if (updated.length === 0) throw new LinkRefused('unusable');
      await recordAudit(
        {
          actor: link.email,
          action: 'team.password_reset',
          target: `user:${link.email}`,
          outcome: 'ok',
          detail: `link made by ${link.createdBy}`,
        },
        tx,
      );
    }
    return { ok: true, email: link.email, kind: link.kind };
  });
}

/** Open invitations and reset links, newest first. */
export async function openLinks(): Promise<InvitationRow[]> {
  const rows = await (
    await getDb()
  )
    .select()
    .from(schema.invitations)
    .where(and(isNull(schema.invitations.usedAt), gt(schema.invitations.expiresAt, Date.now())));
  return rows.sort((a, b) => b.createdAt - a.createdAt);
}

export async function revokeLink(id: number, actor: string): Promise<boolean> {
  return (await getDb()).transaction(async (tx) => {
    const [link] = await tx
      .update(schema.invitations)
      .set({ usedAt: Date.now() })
      .where(and(eq(schema.invitations.id, id), isNull(schema.invitations.usedAt)))
      .returning();
    if (!link) return false;
    await recordAudit(
      {
        actor,
        action: 'team.invite_revoke',
        target: `user:${link.email}`,
        outcome: 'ok',
        detail: link.kind === 'invite' ? 'invitation' : 'reset link',
      },
      tx,
    );
    return true;
  });
}
