import type { Hono } from 'hono';
import { PANEL, type PanelDeps, type PanelEnv } from './context';
import { intField, one } from './forms';
import { submit } from './submit';

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
        const body = { name, model: one(values, 'model'), ...(externalId === '' ? {} : { external_id: externalId }) };
        return (control) => control.createRobot(id, body);
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
        return (control) => control.patchRobot(robot, { name, external_id: externalId, model: one(values, 'model') });
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
        const body = {
          type: one(values, 'type'),
          is_active: one(values, 'is_active') === 'true',
          ...(username === '' ? {} : { username }),
        };
        return (control) => control.addChannel(robot, body);
      },
      done: () => 'done=channel-added',
    });
  });

  app.post(`${base}/channels/:channel/remove`, (c) =>
    submit(c, deps, {
      accountId: c.req.param('id'),
      form: 'channel-remove',
      anchor: 'robots',
      build: () => (control) => control.deleteChannel(c.req.param('channel')),
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
        const body = { ...(days === undefined ? {} : { days }), ...(seed === undefined ? {} : { seed }) };
        return (control) => control.simulateHistory(id, body);
      },
      done: (result) => `done=history&conversations=${result.conversations}&messages=${result.messages}`,
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
        const body = { account_id: id, enabled, ...(interval === undefined ? {} : { interval_seconds: interval }) };
        return (control) => control.setSimulator(body);
      },
      done: (_body, values) => (one(values, 'enabled') === 'false' ? 'done=simulator-off' : 'done=simulator-on'),
    });
  });
}
