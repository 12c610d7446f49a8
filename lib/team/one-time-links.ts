import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/credentials/password';
import { normaliseEmail } from '@/lib/credentials/email';
import { getDb, schema, type DashboardDb, type DashboardTx } from '@/lib/db';
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

/**
 * A link carries the authority of the admin who made it: it works only while they are an active
 * admin. Their open links are revoked when they are disabled or demoted, and this is checked again
 * when a link is opened or used, for a link made in the moment before such a change.
 */
async function isActiveAdmin(db: DashboardDb | DashboardTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), eq(schema.users.role, 'admin'), isNull(schema.users.disabledAt)));
  return row !== undefined;
}

export type LinkLookup = { usable: true; link: InvitationRow } | { usable: false; reason: 'unusable' | 'creator_inactive' };

/** What opening the link finds: usable, or why not (unknown, used, revoked or expired; or its maker can no longer make it). */
export async function lookUpLink(token: string): Promise<LinkLookup> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { usable: false, reason: 'unusable' };
  const db = await getDb();
  const [link] = await db
    .select()
    .from(schema.invitations)
    .where(
      and(
        eq(schema.invitations.tokenHash, hashToken(token)),
        isNull(schema.invitations.usedAt),
        gt(schema.invitations.expiresAt, Date.now()),
      ),
    );
  if (!link) return { usable: false, reason: 'unusable' };
  if (!(await isActiveAdmin(db, link.createdBy))) return { usable: false, reason: 'creator_inactive' };
  return { usable: true, link };
}

/** The link's invitation while it can still be used; undefined when unknown, used, revoked, expired or its maker is no longer an active admin. */
export async function usableLink(token: string): Promise<InvitationRow | undefined> {
  const found = await lookUpLink(token);
  return found.usable ? found.link : undefined;
}

/**
 * Revokes every open link `creator` made, in the transaction of the change that takes their
 * authority away (a disable, a demotion), with one audit entry saying how many.
 */
export async function revokeLinksMadeBy(tx: DashboardTx, input: { creator: string; actor: string; why: string }): Promise<number> {
  const now = Date.now();
  const revoked = await tx
    .update(schema.invitations)
    .set({ usedAt: now })
    .where(and(eq(schema.invitations.createdBy, input.creator), isNull(schema.invitations.usedAt), gt(schema.invitations.expiresAt, now)))
    .returning({ id: schema.invitations.id });
  if (revoked.length > 0)
    await recordAudit(
      {
        actor: input.actor,
        action: 'team.invite_revoke',
        target: `user:${input.creator}`,
        outcome: 'ok',
        detail: `${revoked.length} open ${revoked.length === 1 ? 'link' : 'links'} made by ${input.creator} (${input.why})`,
      },
      tx,
    );
  return revoked.length;
}

/** Why a link cannot be used; app/_errors/link-refusals.ts words each reason. */
export type LinkRefusal = 'unusable' | 'taken' | 'creator_inactive';

export type RedeemOutcome = { ok: true; email: string; kind: 'invite' | 'reset' } | { ok: false; reason: LinkRefusal };

/**
 * Uses the link once: creates the invited person, or sets the new password (ending that person's
 * sessions). The link is marked used in the same transaction, so two tabs cannot both use it. A
 * link whose maker is no longer an active admin is refused and stays spent.
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
    if (!(await isActiveAdmin(tx, link.createdBy))) {
      await recordAudit(
        {
          actor: link.email,
          action: link.kind === 'invite' ? 'team.invite_accept' : 'team.password_reset',
          target: `user:${link.email}`,
          outcome: 'refused',
          errorCode: 'creator_inactive',
          detail: `link made by ${link.createdBy}, no longer an active admin`,
        },
        tx,
      );
      return { ok: false, reason: 'creator_inactive' };
    }
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
