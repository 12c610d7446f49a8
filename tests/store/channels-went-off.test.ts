import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '@/lib/audit/record';
import { PermissionDeniedError } from '@/lib/partner/errors';
import type { Robot } from '@/lib/partner/schemas';
import { forgetRobot, noteChannel, replaceDirectory, upsertRobots } from '@/lib/robots/directory';
import { confirmCauseFromRefusal } from '@/lib/robots/went-off';
import { wentOffChannels, wentOffGroups } from '@/lib/robots/went-off-view';

await setUpTestStore('went_off');

/** Robots `r0…r(n-1)`, each with one widget channel `c<i>`, on or off as `on(i)` says. */
const robots = (n: number, on: (i: number) => boolean, social = false): Robot[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    name: `Robot ${i}`,
    channels: [
      { id: `c${i}`, type: 'widget', is_active: on(i) },
      ...(social ? [{ id: `s${i}`, type: 'social_dm', is_active: on(i) }] : []),
    ],
  }));

const at = (n: number) => new Date(Date.UTC(2026, 10, 27, 12, n)).toISOString();

describe('channels that went off without us', () => {
  it('notes nothing for channels first seen off, and one cause for a read where every channel went off', async () => {
    await replaceDirectory(
      robots(6, (i) => i !== 5),
      at(0),
    );
    expect(await wentOffGroups()).toEqual([]);

    await replaceDirectory(
      robots(6, () => false),
      at(1),
    );
    const [group, ...others] = await wentOffGroups();
    expect(others).toEqual([]);
    expect(group).toMatchObject({ cause: 'plan_lapsed', channels: 5, robots: 5, since: at(1), confirmedAt: null });
    // The robots list's order: position 0 first; r5 was never on.
    expect(group?.first.map((c) => c.channelId)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('a channel seen on again, or its robot gone, is no longer listed; a refusal naming the lapse confirms it', async () => {
    await upsertRobots(
      robots(1, () => true),
      0,
      { readAt: at(2) },
    );
    await forgetRobot('r1');
    const ids = (await wentOffChannels('plan_lapsed', [], 100)).map((c) => c.channelId);
    expect(ids).toEqual(['c2', 'c3', 'c4']);

    await confirmCauseFromRefusal(new PermissionDeniedError({ status: 403, message: 'lapsed', code: 'plan_lapsed' }));
    const [group] = await wentOffGroups();
    expect(group?.confirmedAt).not.toBeNull();
    expect(group?.channels).toBe(3);

    await noteChannel('r2', { id: 'c2', type: 'widget', is_active: true });
    expect((await wentOffChannels('plan_lapsed', [], 100)).map((c) => c.channelId)).toEqual(['c3', 'c4']);
  });

  it('some channels off while others stay on is not a lapse: the cause stays unknown', async () => {
    await replaceDirectory(
      robots(4, () => true),
      at(3),
    );
    expect(await wentOffGroups()).toEqual([]);
    await replaceDirectory(
      robots(4, (i) => i >= 2),
      at(4),
    );
    const groups = await wentOffGroups();
    expect(groups.map((g) => [g.cause, g.channels])).toEqual([['unknown', 2]]);
  });

  it('a channel whose last change here was a disable went off here, even if a read that began earlier saw it on', async () => {
    await replaceDirectory(
      robots(3, () => true),
      at(5),
    );
    await recordAudit({ actor: 'admin@example.com', action: 'channel.disable', target: 'channel:c1', outcome: 'ok' });
    await recordAudit({ actor: 'admin@example.com', action: 'channel.enable', target: 'channel:c2', outcome: 'ok' });
    await recordAudit({ actor: 'admin@example.com', action: 'channel.disable', target: 'channel:c2', outcome: 'refused' });
    await replaceDirectory(
      robots(3, (i) => i === 0),
      at(6),
    );
    expect((await wentOffChannels('unknown', [], 100)).map((c) => c.channelId)).toEqual(['c2']);
  });

  it('a missing social-DM role, once refused, moves that kind of channel to its own cause', async () => {
    await replaceDirectory(
      robots(2, () => true, true),
      at(7),
    );
    await replaceDirectory(
      robots(2, () => true, false).map((r) => ({
        ...r,
        channels: [...(r.channels ?? []), { id: `s${r.id}`, type: 'social_dm', is_active: false }],
      })),
      at(8),
    );
    // Different ids: the social channels of the second read are new, so nothing went off.
    expect(await wentOffGroups()).toEqual([]);
    await replaceDirectory(
      robots(2, () => true, true),
      at(9),
    );
    await replaceDirectory(
      robots(2, () => true).map((r, i) => ({
        ...r,
        channels: [...(r.channels ?? []), { id: `s${i}`, type: 'social_dm', is_active: false }],
      })),
      at(10),
    );
    expect((await wentOffGroups()).map((g) => g.cause)).toEqual(['unknown']);
    await confirmCauseFromRefusal(
      new PermissionDeniedError({ status: 403, message: 'no role', code: 'role_missing', details: { role: 'social_dm' } }),
    );
    const [group] = await wentOffGroups();
    expect(group).toMatchObject({ cause: 'role_missing', channels: 2, robots: 2 });
    expect(group?.confirmedAt).not.toBeNull();
  });
});
