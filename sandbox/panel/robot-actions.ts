import type { Hono } from 'hono';
import { PANEL, type PanelDeps, type PanelEnv } from './context';
import type { HistoryResult } from './control-types';
import { intField, one } from './forms';
import { api, submit } from './submit';

const robotPath = (id: string) => `/sandbox/api/robots/${encodeURIComponent(id)}`;

/** Robots, their channels and simulated traffic of one account. */
export function registerRobotActions(app: Hono<PanelEnv>, deps: PanelDeps): void {
  const base = `${PANEL}/accounts/:id`;

  app.post(`${base}/robots`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'robot-create',
      anchor: 'robots',
      build(values, errors) {
        const name = one(values, 'name').trim();
        if (name === '') errors.name = 'Enter a name.';
        const externalId = one(values, 'external_id').trim();
        return { method: 'POST', path: `${api(id)}/robots`, body: { name, model: one(values, 'model'), ...(externalId === '' ? {} : { external_id: externalId }) } };
      },
      done: () => 'done=robot-created',
    });
  });

  app.post(`${base}/robots/:robot`, (c) => {
    const robot = c.req.param('robot');
    return submit(c, deps, {
      accountId: c.req.param('id'),
      form: `robot-${robot}`,
      anchor: 'robots',
      build(values, errors) {
        const name = one(values, 'name').trim();
        if (name === '') errors.name = 'Enter a name.';
        // Empty clears the partner's id (null), as the control API allows.
        const externalId = one(values, 'external_id').trim() || null;
        return { method: 'PATCH', path: robotPath(robot), body: { name, external_id: externalId, model: one(values, 'model') } };
      },
      done: () => 'done=robot',
    });
  });

  app.post(`${base}/robots/:robot/channels`, (c) => {
    const robot = c.req.param('robot');
    return submit(c, deps, {
      accountId: c.req.param('id'),
      form: `channel-${robot}`,
      anchor: 'robots',
      build(values) {
        const username = one(values, 'username').trim();
        const body = { type: one(values, 'type'), is_active: one(values, 'is_active') === 'true', ...(username === '' ? {} : { username }) };
        return { method: 'POST', path: `${robotPath(robot)}/channels`, body };
      },
      done: () => 'done=channel-added',
    });
  });

  app.post(`${base}/channels/:channel/remove`, (c) =>
    submit(c, deps, {
      accountId: c.req.param('id'),
      form: 'channel-remove',
      anchor: 'robots',
      build: () => ({ method: 'DELETE', path: `/sandbox/api/channels/${encodeURIComponent(c.req.param('channel'))}` }),
      done: () => 'done=channel-removed',
    }),
  );

  app.post(`${base}/history`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'history',
      anchor: 'traffic',
      build(values, errors) {
        const days = intField(values, 'days', errors);
        const seed = intField(values, 'seed', errors);
        return { method: 'POST', path: `${api(id)}/simulate-history`, body: { ...(days === undefined ? {} : { days }), ...(seed === undefined ? {} : { seed }) } };
      },
      done: (body) => {
        const result = body as HistoryResult;
        return `done=history&conversations=${result.conversations}&messages=${result.messages}`;
      },
    });
  });

  app.post(`${base}/simulator`, (c) => {
    const id = c.req.param('id');
    return submit(c, deps, {
      accountId: id,
      form: 'simulator',
      anchor: 'traffic',
      build(values, errors) {
        const enabled = one(values, 'enabled') !== 'false';
        const interval = enabled ? intField(values, 'interval_seconds', errors) : undefined;
        return { method: 'POST', path: '/sandbox/api/simulator', body: { account_id: id, enabled, ...(interval === undefined ? {} : { interval_seconds: interval }) } };
      },
      done: (_body, values) => (one(values, 'enabled') === 'false' ? 'done=simulator-off' : 'done=simulator-on'),
    });
  });
}
