import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { handshakeByUrl, handshakeExpired } from '@/lib/channels/memory';
import { authoriseChangeRequest } from '@/lib/security/same-origin';
import { changeRefusalResponse } from '@/app/_errors/access';

const bodySchema = z.object({ url: z.url().max(2000) });

/** Notes in the audit log that someone reopened the consent screen of a handshake we started (sent as a beacon). */
export async function POST(request: Request): Promise<Response> {
  const access = await authoriseChangeRequest(request, 'handshake.resume');
  if (!access.ok) return changeRefusalResponse(access);
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: { title: 'No consent URL', message: 'Nothing was recorded.' } }, { status: 400 });
  const handshake = await handshakeByUrl(parsed.data.url);
  if (!handshake)
    return Response.json({ error: { title: 'Not a handshake we started', message: 'Nothing was recorded.' } }, { status: 404 });
  if (handshakeExpired(handshake))
    return Response.json(
      { error: { title: 'The handshake expired', message: 'Its consent screen can no longer be used; nothing was recorded.' } },
      { status: 410 },
    );
  await recordAudit({
    actor: access.user.email,
    action: 'handshake.resume',
    target: `channel:${handshake.channelId}`,
    outcome: 'ok',
    detail: `robot ${handshake.robotId}, started by ${handshake.startedBy}`,
  });
  return new Response(null, { status: 204 });
}
