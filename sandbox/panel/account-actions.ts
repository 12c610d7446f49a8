import type { Hono } from 'hono';
import { renderAccountPage } from './account-page';
import { PANEL, pageStatus, type PanelDeps, type PanelEnv } from './context';
import type { Account, AccountChanges } from '../control-client/types';
import { all, intField, one, type FormValues } from './forms';
import { secretPage } from './secret-page';
import { submit, type ControlCall } from './submit';
import { webhookFromForm } from './webhook-fields';

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** RFC 3339 as the control API wants it; a browser-style "YYYY-MM-DDTHH:MM" is read as UTC. */
function expiryValue(values: FormValues, errors: Record<string, string>): string | null {
  if (one(values, 'clear') === '1') return null;
  const text = one(values, 'key_expires_at').trim();
  if (text === '') errors.key_expires_at = 'Enter a date-time, or choose "Clear expiry".';
  return LOCAL_MINUTE.test(text) ? `${text}:00Z` : text;
}

export function registerAccountActions(app: Hono<PanelEnv>, deps: PanelDeps): void {
  const base = `${PANEL}/accounts/:id`;
  const patch =
    (id: string, body: AccountChanges): ControlCall<Account> =>
    (control) =>
      control.patchAccount(id, body);

  app.get(base, (c) => renderAccountPage(c, deps, c.req.param('id')));

  app.post(`${base}/plan`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'plan',
      anchor: 'plan',
      build(values, errors) {
        const body: AccountChanges = { name: one(values, 'name').trim() };
        if (one(values, 'tier') !== '') body.tier = one(values, 'tier');
        // Both subscriptions in one save, so a switch from one to the other is never refused midway.
        const standard = one(values, 'standard_plan');
        if (standard !== '') body.standard_plan = standard === 'held';
        const socialDm = one(values, 'social_dm_tier');
        if (socialDm !== '') body.social_dm_tier = socialDm === 'none' ? null : socialDm;
        const capacity = intField(values, 'capacity', errors);
        const rate = intField(values, 'rate_limit_per_minute', errors);
        if (capacity !== undefined) body.capacity = capacity;
        if (rate !== undefined) body.rate_limit_per_minute = rate;
        if (body.name === '') errors.name = 'Enter a name.';
        return patch(id, body);
      },
      done: () => 'done=plan',
    });
  });

  app.post(`${base}/lapse`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'lapse',
      anchor: 'lapse',
      build: (values) => patch(id, { lapsed: one(values, 'lapsed') === 'true' }),
      done: (_body, values) => (one(values, 'lapsed') === 'true' ? 'done=lapsed' : 'done=renewed'),
    });
  });

  app.post(`${base}/roles`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'roles',
      anchor: 'roles',
      // Roles are a set on the account; the button names one role to add or take away.
      async build(values) {
        const current = await deps.control.getAccount(id);
        const roles = new Set<string>(current.ok ? current.body.roles : []);
        const role = one(values, 'role');
        if (one(values, 'grant') === 'true') roles.add(role);
        else roles.delete(role);
        return patch(id, { roles: [...roles] });
      },
      done: () => 'done=roles',
    });
  });

  app.post(`${base}/key-expiry`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'key-expiry',
      anchor: 'key',
      build: (values, errors) => patch(id, { key_expires_at: expiryValue(values, errors) }),
      done: () => 'done=key-expiry',
    });
  });

  app.post(`${base}/return-url`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'return-url',
      anchor: 'return-url',
      build: (values) => patch(id, { return_url: one(values, 'return_url').trim() || null }),
      done: () => 'done=return-url',
    });
  });

  app.post(`${base}/webhook`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'webhook',
      anchor: 'webhook',
      build: (values, errors) => patch(id, { webhook: one(values, 'remove') === '1' ? null : webhookFromForm(values, errors) }),
      done: (account) => (account.webhook === null ? 'done=webhook-removed' : 'done=webhook'),
    });
  });

  app.post(`${base}/attachments`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'attachments',
      anchor: 'attachments',
      build: (values) => patch(id, { excluded_attachment_kinds: all(values, 'excluded_attachment_kinds') }),
      done: () => 'done=attachments',
    });
  });

  app.post(`${base}/keys/rotate`, async (c) => {
    const id = c.req.param('id');
    const result = await deps.control.rotateKey(id);
    if (!result.ok)
      return renderAccountPage(
        c,
        deps,
        id,
        { form: 'key-rotate', values: {}, errors: {}, problem: result.error },
        pageStatus(result.status),
      );
    return secretPage(c, {
      title: 'New API key',
      intro: 'The key is rotated. The previous key answers 401 from now on.',
      secrets: [{ label: 'API key', value: result.body.api_key }],
      accountId: id,
    });
  });

  app.post(`${base}/webhook-secret/rotate`, async (c) => {
    const id = c.req.param('id');
    const result = await deps.control.rotateWebhookSecret(id);
    if (!result.ok)
      return renderAccountPage(
        c,
        deps,
        id,
        { form: 'secret-rotate', values: {}, errors: {}, problem: result.error },
        pageStatus(result.status),
      );
    return secretPage(c, {
      title: 'New webhook secret',
      intro: 'The webhook signing secret is rotated.',
      secrets: [{ label: 'Webhook signing secret', value: result.body.webhook_secret }],
      note: 'The previous secret keeps signing for 24 hours (sandbox clock): every delivery carries both signatures until then.',
      accountId: id,
    });
  });
}
