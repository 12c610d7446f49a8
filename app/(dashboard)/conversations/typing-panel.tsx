'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { Card, CardTitle } from '@/components/ui/card';
import type { DisplayError } from '@/app/_errors/display-error';
import { setTypingAction } from './actions';

/** The indicator lasts a few seconds on the customer's side (5 s in the sandbox, D15); resend a little sooner while typing goes on. */
const RESEND_MS = 3000;
const LAPSES_AFTER_MS = 5000;

type Shown = 'idle' | 'typing' | 'lapsed' | 'cleared';

const STATE_TEXT: Record<Shown, string> = {
  idle: 'Not typing.',
  typing: 'The customer sees “typing…”.',
  lapsed: 'The indicator has lapsed: the customer no longer sees “typing…”. Type on to show it again.',
  cleared: 'Indicator cleared.',
};

const draftKey = (conversationId: string) => `conversation-draft:${conversationId}`;

/** A reply draft that shows the operator typing indicator while it is written, and survives a reload or a new sign-in. */
export function TypingPanel({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  const [draft, setDraft] = useState('');
  const [shown, setShown] = useState<Shown>('idle');
  const [error, setError] = useState<DisplayError | null>(null);
  const lastSent = useRef(0);
  const lapse = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [, startTransition] = useTransition();

  useEffect(() => {
    const saved = window.localStorage.getItem(draftKey(conversationId));
    // Restoring from storage is a read of an external system, done once after hydration.
    if (saved) queueMicrotask(() => setDraft(saved));
    return () => clearTimeout(lapse.current);
  }, [conversationId]);

  const sendTyping = (isTyping: boolean) => {
    startTransition(async () => {
      const result = await setTypingAction(conversationId, isTyping);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      setShown(isTyping ? 'typing' : 'cleared');
      clearTimeout(lapse.current);
      if (isTyping) lapse.current = setTimeout(() => setShown('lapsed'), LAPSES_AFTER_MS);
    });
  };

  const onDraftChange = (value: string) => {
    setDraft(value);
    if (value === '') window.localStorage.removeItem(draftKey(conversationId));
    else window.localStorage.setItem(draftKey(conversationId), value);
    if (closed) return;
    const now = Date.now();
    if (value.trim() === '') {
      // Cleared on purpose: stop the indicator now rather than letting it run out.
      lastSent.current = 0;
      sendTyping(false);
    } else if (now - lastSent.current >= RESEND_MS) {
      lastSent.current = now;
      sendTyping(true);
    }
  };

  return (
    <Card as="section" aria-labelledby="typing-heading">
      <CardTitle id="typing-heading" size="md">
        Typing indicator
      </CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {closed
          ? 'This conversation is closed: the customer cannot see an operator typing, so no indicator is sent. The draft is still kept here.'
          : 'While you write here, the customer sees that an operator is typing. Clearing the text stops it at once.'}
      </p>
      <label htmlFor="draft" className="mt-3 block text-sm font-medium">
        Reply draft
      </label>
      <textarea
        id="draft"
        value={draft}
        onChange={(e) => onDraftChange(e.target.value)}
        rows={3}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        aria-describedby="typing-state"
      />
      <p id="typing-state" className="mt-1 text-xs text-slate-600" aria-live="polite" data-testid="typing-state">
        {closed ? 'No indicator: the conversation is closed.' : STATE_TEXT[shown]}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        Sending replies is not available over the API yet; copy the draft into your messaging tool. The draft is kept in this browser until
        you clear it.
      </p>
      {error && <ApiErrorNotice className="mt-3" error={error} />}
    </Card>
  );
}
