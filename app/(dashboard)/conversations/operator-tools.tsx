'use client';

import { useRef, useState, useTransition } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { ATTACHMENT_ACCEPT, attachmentProblem } from '@/lib/conversations/attachment-rules';
import type { DisplayError } from '@/lib/ui/display-error';
import { setTypingAction } from './actions';

/** The indicator lasts a few seconds on the customer's side; resend a little sooner while typing goes on. */
const RESEND_MS = 3000;

type Uploaded = { id?: string | null; name?: string | null; type?: string | null; url?: string | null };

export function OperatorTools({ conversationId }: { conversationId: string }) {
  const [draft, setDraft] = useState('');
  const [typingShown, setTypingShown] = useState<'idle' | 'typing' | 'cleared'>('idle');
  const [typingError, setTypingError] = useState<DisplayError | null>(null);
  const lastSent = useRef(0);
  const [, startTransition] = useTransition();

  const sendTyping = (isTyping: boolean) => {
    startTransition(async () => {
      const result = await setTypingAction(conversationId, isTyping);
      if (result.ok) {
        setTypingError(null);
        setTypingShown(isTyping ? 'typing' : 'cleared');
      } else {
        setTypingError(result.error);
      }
    });
  };

  const onDraftChange = (value: string) => {
    setDraft(value);
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

  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<DisplayError | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded[]>([]);

  const upload = async (form: HTMLFormElement) => {
    const file = new FormData(form).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setUploadError({ title: 'No file chosen', message: 'Choose a file to upload.' });
      return;
    }
    const problem = attachmentProblem(file);
    if (problem) {
      setUploadError({ title: 'This file cannot be sent', message: problem });
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      const body = new FormData();
      body.set('conversation_id', conversationId);
      body.set('file', file, file.name);
      const res = await fetch('/api/attachments', { method: 'POST', body });
      const answer = (await res.json()) as { attachment?: Uploaded; error?: DisplayError };
      if (answer.attachment) {
        setUploaded((list) => [answer.attachment ?? {}, ...list]);
        form.reset();
      } else {
        setUploadError(answer.error ?? { title: 'Upload failed', message: 'Try again.' });
      }
    } catch {
      setUploadError({ title: 'Upload failed', message: 'The dashboard could not be reached. Check your connection and try again.' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="typing-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="typing-heading" className="font-semibold">Typing indicator</h2>
        <p className="mt-1 text-sm text-slate-600">While you write here, the customer sees that an operator is typing. Clearing the text stops it at once.</p>
        <label htmlFor="draft" className="mt-3 block text-sm font-medium">Reply draft</label>
        <textarea
          id="draft"
          value={draft}
          onChange={(e) => onDraftChange(e.target.value)}
          rows={3}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          aria-describedby="typing-state"
        />
        <p id="typing-state" className="mt-1 text-xs text-slate-600" aria-live="polite" data-testid="typing-state">
          {typingShown === 'typing' ? 'The customer sees “typing…”.' : typingShown === 'cleared' ? 'Indicator cleared.' : 'Not typing.'}
        </p>
        <p className="mt-1 text-xs text-slate-500">Sending replies is not available over the API yet; copy the draft into your messaging tool.</p>
        {typingError && <ApiErrorNotice className="mt-3" error={typingError} />}
      </section>
      <section aria-labelledby="attach-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="attach-heading" className="font-semibold">Attachments</h2>
        <p className="mt-1 text-sm text-slate-600">Upload a file for this conversation; its id is then used when the message is sent. Each upload serves one conversation.</p>
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void upload(e.currentTarget);
          }}
        >
          <div>
            <label htmlFor="attachment-file" className="block text-sm font-medium">File</label>
            <input id="attachment-file" name="file" type="file" accept={ATTACHMENT_ACCEPT} className="mt-1 block text-sm" />
            <p className="mt-1 text-xs text-slate-500">JPEG/PNG, MP4/MOV/WebM/Ogg/AVI, AAC/M4A/WAV or PDF. Size limits depend on your plan.</p>
          </div>
          <button type="submit" disabled={uploading} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60">
            {uploading ? 'Uploading…' : 'Upload'}
          </button>
        </form>
        <div aria-live="polite" className="mt-3">
          {uploadError && <ApiErrorNotice error={uploadError} />}
          {uploaded.length > 0 && (
            <ul className="space-y-2 text-sm" data-testid="uploaded-list">
              {uploaded.map((a, i) => (
                <li key={a.id ?? i} className="rounded-md border border-slate-200 p-2">
                  <span className="font-medium">{a.name ?? 'file'}</span> · {a.type ?? 'unknown kind'} · id <code className="font-mono" data-testid="attachment-id">{a.id ?? 'unknown'}</code>
                  {a.url && <> · <a className="text-brand-700 underline" href={a.url} target="_blank" rel="noreferrer">open (link valid for a short time)</a></>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
