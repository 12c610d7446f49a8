import { expect, logIn, snap, test } from './fixtures';
import { newConversation } from './helpers';

// Smallest valid PNG (1×1), so the sandbox's content sniffing sees a real image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('typing in the draft shows the indicator, clearing it stops it', async ({ page, control }) => {
  const { conversationId } = await newConversation(control);
  await logIn(page, 'admin');
  await page.goto(`/conversations?conversation=${conversationId}`);
  await page.getByLabel('Reply draft').fill('Sure, one moment');
  await expect(page.getByTestId('typing-state')).toHaveText('The customer sees “typing…”.');
  const shown = await control.call<{ typing?: { active: boolean } }>('GET', `/conversations/${conversationId}`);
  expect(shown.body.typing?.active).toBe(true);
  await page.getByLabel('Reply draft').fill('');
  await expect(page.getByTestId('typing-state')).toHaveText('Indicator cleared.');
  const cleared = await control.call<{ typing?: { active: boolean } }>('GET', `/conversations/${conversationId}`);
  expect(cleared.body.typing?.active).toBe(false);
});

test('attachments upload, and refusals say why', async ({ page, control }) => {
  const { conversationId } = await newConversation(control);
  await logIn(page, 'admin');
  await page.goto(`/conversations?conversation=${conversationId}`);
  const fileInput = page.getByLabel('File');

  await fileInput.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('uploaded-list')).toContainText('receipt.png');
  await expect(page.getByTestId('attachment-id').first()).not.toHaveText('unknown');

  await fileInput.setInputFiles({ name: 'funny.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('api-error')).toContainText('cannot be sent');

  await control.withAccount({ tier: 'basic' }, async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1_048_576)]);
    await fileInput.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: big });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByTestId('api-error')).toContainText('up to 2 MB per image file');
  });

  await control.withAccount({ excluded_attachment_kinds: ['document'] }, async () => {
    await fileInput.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByTestId('api-error')).toContainText('does not include this kind of file');
    await expect(page.getByTestId('request-id')).toHaveText(/^req_/);
  });
  await snap(page, 'conversation-tools');
});

test('a rule is looked up by id and shown readably', async ({ page, control }) => {
  const robot = await control.createRobot({
    name: `Rules robot ${Date.now()}`,
    channels: [{ type: 'social_dm', is_active: true, username: 'rules.page' }],
  });
  const channelId = robot.channels?.[0]?.id ?? '';
  const created = await control.call<{ id: string }>('POST', `/channels/${channelId}/rules`, {
    name: 'Price question',
    trigger: { on: 'comment', keywords: ['price', 'cost'], match: 'contains' },
    reply_in_comment: { body: 'Check your DMs!' },
    then_send_dm: [
      { type: 'text', body: 'Our prices start at 10 EUR.' },
      { type: 'link', url: 'https://example.com/prices', label: 'Price list' },
    ],
    require_follow: { enabled: true, prompt: 'Follow us first', button_text: 'I follow', retry_prompt: 'Not yet following' },
  });
  expect(created.status).toBe(201);

  await logIn(page, 'admin');
  await page.goto('/rules');
  await page.getByLabel('Channel').selectOption(`${robot.id}:${channelId}`);
  await page.getByLabel('Rule id').fill(created.body.id);
  await page.getByRole('button', { name: 'Show rule' }).click();
  const view = page.getByTestId('rule-view');
  await expect(view).toContainText('Price question');
  await expect(view).toContainText('Comments on posts and reels');
  await expect(view).toContainText('Check your DMs!');
  await expect(view).toContainText('Our prices start at 10 EUR.');
  await expect(view).toContainText('Follow us first');
  await snap(page, 'rule');

  await page.getByLabel('Rule id').fill('rule_does_not_exist');
  await page.getByRole('button', { name: 'Show rule' }).click();
  await expect(page.getByTestId('api-error')).toContainText('Rule not found');
});
