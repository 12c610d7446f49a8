import { LocalTime } from '@/components/ui/local-time';
import type { Author, ThreadEntry } from '@/lib/conversations/thread';

const AUTHOR_LABEL: Record<Author, string> = { customer: 'Customer', ai: 'AI', operator: 'Operator', unknown: 'Unknown sender' };
const AUTHOR_STYLE: Record<Author, string> = {
  customer: 'mr-auto border-slate-200 bg-white',
  ai: 'ml-auto border-brand-100 bg-brand-50',
  operator: 'ml-auto border-emerald-200 bg-emerald-50',
  unknown: 'mr-auto border-slate-200 bg-slate-50',
};
const EVENT_LABEL: Record<string, string> = {
  'chat.started': 'Conversation started',
  'chat.closed': 'Conversation closed',
  'message.failed': 'A reply could not be sent',
};

/** Messages as a thread (customer on the left, the robot's side on the right) with the chat's own events between them. */
export function ThreadView({ entries, robotName }: { entries: ThreadEntry[]; robotName: string }) {
  return (
    <ol className="space-y-3" data-testid="conversation-timeline" aria-label="Conversation thread, oldest first">
      {entries.map((entry) =>
        entry.kind === 'message' ? (
          <li
            key={entry.key}
            className={`max-w-[85%] rounded-lg border p-3 text-sm sm:max-w-[70%] ${AUTHOR_STYLE[entry.author]}`}
            data-testid="thread-message"
            data-author={entry.author}
          >
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-800" data-testid="message-author">
                {AUTHOR_LABEL[entry.author]}
                {entry.author === 'ai' ? ` · ${robotName}` : ''}
              </span>{' '}
              · <LocalTime iso={entry.at} />
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">
              {entry.text ?? <span className="text-slate-500">(no text: an attachment, or a message the service did not describe)</span>}
            </p>
          </li>
        ) : (
          <li key={entry.key} className="text-center text-xs text-slate-600" data-testid="thread-event">
            {EVENT_LABEL[entry.type] ?? entry.type}
            {entry.reason ? ` (${entry.reason.replaceAll('_', ' ')})` : ''} · <LocalTime iso={entry.at} />
          </li>
        ),
      )}
    </ol>
  );
}
