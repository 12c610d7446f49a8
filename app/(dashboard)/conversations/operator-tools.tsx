import { AttachmentPanel } from './attachment-panel';
import { TypingPanel } from './typing-panel';

/** What an operator can do in a conversation over the API: show typing while drafting, and upload attachments. */
export function OperatorTools({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TypingPanel conversationId={conversationId} closed={closed} />
      <AttachmentPanel conversationId={conversationId} closed={closed} />
    </div>
  );
}
