'use client';

import { useState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { Card, CardTitle } from '@/components/ui/card';
import { ATTACHMENT_ACCEPT, attachmentProblem } from '@/lib/conversations/attachment-rules';
import type { DisplayError } from '@/app/_errors/display-error';

type Uploaded = { id?: string | null; name?: string | null; type?: string | null; url?: string | null };

/** Uploads a file for one conversation through our relay (the key stays on the server); refused before upload when the browser can tell. */
export function AttachmentPanel({ conversationId, closed }: { conversationId: string; closed: boolean }) {
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
    <Card as="section" aria-labelledby="attach-heading">
      <CardTitle id="attach-heading" size="md">
        Attachments
      </CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {closed
          ? 'This conversation is closed, so nothing can be sent in it any more and there is nothing to attach a file to.'
          : 'Upload a file for this conversation; its id is then used when the message is sent. Each upload serves one conversation.'}
      </p>
      <form
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void upload(e.currentTarget);
        }}
      >
        <div>
          <label htmlFor="attachment-file" className="block text-sm font-medium">
            File
          </label>
          <input
            id="attachment-file"
            name="file"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            disabled={closed}
            className="mt-1 block max-w-full text-sm"
          />
          <p className="mt-1 text-xs text-slate-500">
            JPEG/PNG, MP4/MOV/WebM/Ogg/AVI, AAC/M4A/WAV or PDF. Size limits depend on your plan.
          </p>
        </div>
        <button
          type="submit"
          disabled={uploading || closed}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {uploading ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {uploadError && <ApiErrorNotice error={uploadError} />}
        {uploaded.length > 0 && (
          <ul className="space-y-2 text-sm" data-testid="uploaded-list">
            {uploaded.map((a, i) => (
              <li key={a.id ?? i} className="rounded-md border border-slate-200 p-2">
                <span className="font-medium">{a.name ?? 'file'}</span> · {a.type ?? 'unknown kind'} · id{' '}
                <code className="font-mono" data-testid="attachment-id">
                  {a.id ?? 'unknown'}
                </code>
                {a.url && (
                  <>
                    {' '}
                    ·{' '}
                    <a className="text-brand-700 underline" href={a.url} target="_blank" rel="noreferrer">
                      open (link valid for a short time)
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
