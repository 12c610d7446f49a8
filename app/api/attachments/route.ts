import { audited } from '@/lib/audit/record';
import { attachmentErrorToDisplay } from '@/app/_errors/attachment-errors';
import { attachmentProblem, MAX_UPLOAD_BYTES } from '@/lib/conversations/attachment-rules';
import { uploadConversationAttachment } from '@/lib/conversations/operator';
import { failureResponse } from '@/app/_errors/failure-response';
import { authoriseChangeRequest } from '@/lib/security/same-origin';
import { changeRefusalResponse } from '@/app/_errors/access';
import { SAFE_ID } from '@/lib/ui/search-params';

function refuse(status: number, title: string, message: string): Response {
  return Response.json({ error: { title, message } }, { status });
}

/**
 * Upload relay for the conversation page: the browser posts the file here and the server sends it on
 * with the key. A route handler rather than a server action, so files up to the largest plan cap fit.
 */
export async function POST(request: Request): Promise<Response> {
  const access = await authoriseChangeRequest(request, 'attachment.upload');
  if (!access.ok) return changeRefusalResponse(access);
  if (Number(request.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES + 64 * 1024) {
    return refuse(413, 'The file is too large', 'No plan accepts files over 20 MB. Compress it or share a link instead.');
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, 'The upload was not a form', 'Choose the file again and retry.');
  }
  const conversationId = form.get('conversation_id');
  const file = form.get('file');
  if (typeof conversationId !== 'string' || !SAFE_ID.test(conversationId))
    return refuse(400, 'No conversation named', 'Open the conversation again and retry.');
  if (!(file instanceof File)) return refuse(400, 'No file chosen', 'Choose a file to upload.');
  const problem = attachmentProblem(file);
  if (problem) return refuse(422, 'This file cannot be sent', problem);
  try {
    const { data, requestId } = await audited(
      {
        actor: access.user.email,
        action: 'attachment.upload',
        target: `conversation:${conversationId}`,
        detail: `${file.name} (${file.size} bytes)`,
      },
      () => uploadConversationAttachment(conversationId, file),
    );
    return Response.json({ attachment: data, requestId }, { status: 201 });
  } catch (err) {
    return failureResponse(err, attachmentErrorToDisplay(err));
  }
}
