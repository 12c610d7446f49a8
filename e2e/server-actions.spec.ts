import { unwrap } from '../sandbox/control-client/client';
import { E2E } from './e2e-env';
import { expect, logIn, test } from './fixtures';
import { callServerAction as callAction, serverActions } from './server-action-calls';

// Every server action of the build, read from Next's own manifest, called over HTTP the way the
// browser calls it (POST with a Next-Action header): without a session each one refuses, and as a
// viewer each one that changes anything refuses. A new action is in the manifest at once, so it
// cannot be forgotten here.

const actions = serverActions();

/** Open without a session by design: sign-in, and using a one-time invitation or reset link. */
const SIGN_IN = ['logIn', 'acceptLinkAction'];
/** Change nothing at the service: a viewer may run them. */
const READ_ONLY = ['checkConnectionAction', 'refreshDirectoryAction', 'signOutAction', 'changePasswordAction'];

/** Form actions without state: they have no message to answer with. */
const SILENT = ['signOutAction', 'refreshDirectoryAction'];

const SESSION_ENDED = 'Your session ended';
const VIEWER_REFUSED = 'Your role (viewer) can view but not change anything';

test('the manifest lists every server action of the app', () => {
  const names = actions.map((a) => a.exportedName);
  expect(names).toEqual(expect.arrayContaining(['deleteRobotAction', 'toggleChannelAction', 'connectBotAction', 'saveApiKeyAction']));
  expect(names.length).toBeGreaterThanOrEqual(10);
  for (const action of actions) expect(action.filename, action.exportedName).toMatch(/^app\//);
});

test('without a session every action refuses and changes nothing', async ({ playwright, control }) => {
  const robot = await control.createRobot({ name: `Anonymous target ${Date.now()}` });
  const anonymous = await playwright.request.newContext({ baseURL: E2E.dashboardUrl });
  for (const action of actions.filter((a) => !SIGN_IN.includes(a.exportedName))) {
    const { status, text } = await callAction(anonymous, action, robot.id, { robotId: robot.id, robotName: robot.name });
    expect(status, `${action.exportedName} does not fail`).toBeLessThan(500);
    // These two answer nothing either way (a form action with no state); the static check in
    // tests/unit/auth-guards.test.ts shows they return before doing anything without a session.
    if (!SILENT.includes(action.exportedName)) expect(text, `${action.exportedName} refuses`).toContain(SESSION_ENDED);
  }
  await anonymous.dispose();
  const robots = unwrap(await control.client.listRobots(control.demoAccountId()), 'control API lists robots');
  expect(robots.data.some((r) => r.id === robot.id)).toBe(true);
});

test('as a viewer every action that changes anything refuses, and the robot it named is still there', async ({ page, control }) => {
  const robot = await control.createRobot({ name: `Viewer target ${Date.now()}`, channels: [{ type: 'widget', is_active: true }] });
  await logIn(page, 'viewer');
  const changing = actions.filter((a) => !SIGN_IN.includes(a.exportedName) && !READ_ONLY.includes(a.exportedName));
  expect(changing.length).toBeGreaterThanOrEqual(7);
  for (const action of changing) {
    const { status, text } = await callAction(page.request, action, robot.id, {
      robotId: robot.id,
      robotName: robot.name,
      channelType: 'widget',
      enable: 'false',
      apiKey: 'pk_live_' + 'x'.repeat(40),
    });
    expect(status, `${action.exportedName} does not fail`).toBeLessThan(500);
    expect(text, `${action.exportedName} refuses a viewer`).toContain(VIEWER_REFUSED);
  }
  const robots = unwrap(await control.client.listRobots(control.demoAccountId()), 'control API lists robots');
  const still = robots.data.find((r) => r.id === robot.id);
  expect(still, 'the robot the viewer tried to delete').toBeDefined();
  expect(still?.channels.find((c) => c.type === 'widget')?.is_active, 'the channel the viewer tried to disable').toBe(true);
  // The viewer's own session still works: nothing above signed them out.
  await page.goto('/robots');
  await expect(page.getByTestId('current-role')).toHaveText('viewer');
});
