import { unwrap } from '../sandbox/control-client/client';
import { expect, logIn, snap, test } from './fixtures';

// What the overview says after time passes on the sandbox clock: a robot that was busy all week and
// went quiet, and customers whose reply was dropped after two hours in the queue. The dashboard
// learns the sandbox's time from its answers, so an advance shows as the hours passing would.

const HOUR_S = 3600;
const HISTORY = 3_500; // over 20 an hour for the 7 days the rule looks at (3,360)
const PER_CALL = 1_000;

test.setTimeout(240_000);

test('after a clock advance, a busy robot gone quiet is named, and a reply dropped in an outage shows as a customer without an answer', async ({
  page,
  control,
}) => {
  const stamp = Date.now();
  const busy = await control.createRobot({ name: `Busy all week ${stamp}`, channels: [{ type: 'widget', is_active: true }] });
  const social = await control.createRobot({
    name: `Outage hit ${stamp}`,
    external_id: `cust-${stamp}`,
    channels: [{ type: 'social_dm', is_active: true }],
  });

  // A week of customers' messages on the busy robot, the last a minute ago by the sandbox clock.
  const now = Date.parse(unwrap(await control.client.clock(), 'control API reads the clock').now);
  const span = 6.9 * 24 * HOUR_S * 1000;
  const messages = Array.from({ length: HISTORY }, (_, i) => ({
    role: 'client' as const,
    text: `message ${i}`,
    at: new Date(now - 60_000 - span + (i * span) / HISTORY).toISOString(),
  }));
  const { conversation_id: history } = unwrap(
    await control.client.createConversation(busy.id, { channel_type: 'widget', messages: messages.slice(0, PER_CALL) }),
    'control API writes the history',
  );
  for (let from = PER_CALL; from < HISTORY; from += PER_CALL)
    unwrap(await control.client.addMessages(history, { messages: messages.slice(from, from + PER_CALL) }), 'control API adds history');

  // A customer writes on the social robot while its provider is down: the reply waits in the queue.
  const { conversation_id: dropped } = unwrap(
    await control.client.createConversation(social.id, { channel_type: 'social_dm', messages: [{ role: 'client', text: 'anyone?' }] }),
    'control API starts the conversation',
  );
  unwrap(await control.client.startOutage({ channel_type: 'social_dm', until_seconds: 3 * HOUR_S }), 'control API starts an outage');
  try {
    unwrap(await control.client.addMessages(dropped, { messages: [{ role: 'ai', text: 'queued reply' }] }), 'control API queues a reply');
    await control.advanceClock(2 * HOUR_S + 10 * 60);
  } finally {
    await control.client.endOutages();
  }

  await logIn(page, 'admin');
  const attention = page.getByTestId('attention-item');
  // The receiver stores the week's events as the sandbox delivers them.
  await expect
    .poll(
      async () => {
        await page.goto('/');
        const items = await attention.evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute('data-kind')}: ${n.textContent}`));
        return ['silence', 'replies_failed'].map((kind) =>
          items.some((item) => item.startsWith(`${kind}:`) && item.includes(kind === 'silence' ? busy.name : social.name)),
        );
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toEqual([true, true]);
  const replies = attention.filter({ hasText: social.name });
  await expect(replies).toContainText('dropped after 2 hours in the reply queue');
  await expect(replies.getByRole('link', { name: dropped })).toHaveAttribute('href', `/conversations?conversation=${dropped}`);
  await expect(attention.filter({ hasText: busy.name })).toContainText('about 21 an hour over the last 7 days');
  await snap(page, 'overview-after-advance');
});
