'use client';

import { useActionState, useState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { BOT_TOKEN_PATTERN } from '@/lib/channels/bot-token-pattern';
import { connectBotAction, type ConnectBotState } from './actions';
import { SubmitButton } from '@/components/ui/submit-button';

export function ConnectBotForm({ robotId }: { robotId: string }) {
  const [state, action, pending] = useActionState<ConnectBotState, FormData>(connectBotAction, { status: 'idle' });
  const [localError, setLocalError] = useState<string | null>(null);
  const fieldError = localError ?? (state.status === 'invalid' ? state.fieldError : null);
  const keptToken = state.status === 'invalid' || state.status === 'error' ? state.token : '';

  return (
    <form
      action={action}
      className="mt-3 space-y-3"
      noValidate
      onSubmit={(event) => {
        // Same check as the server, before anything is sent.
        const token = String(new FormData(event.currentTarget).get('token') ?? '').trim();
        if (!BOT_TOKEN_PATTERN.test(token)) {
          event.preventDefault();
          setLocalError(
            token
              ? 'That does not look like a bot token: it should be 6–12 digits, a colon, then 30–64 letters, digits, "-" or "_".'
              : 'Paste the bot token.',
          );
        } else {
          setLocalError(null);
        }
      }}
    >
      <input type="hidden" name="robotId" value={robotId} />
      <div>
        <label htmlFor="bot-token" className="block text-sm font-medium">
          Bot token
        </label>
        <input
          id="bot-token"
          name="token"
          key={keptToken}
          defaultValue={keptToken}
          autoComplete="off"
          spellCheck={false}
          placeholder="123456789:AAH…"
          aria-invalid={Boolean(fieldError)}
          aria-describedby={`bot-token-help${fieldError ? ' bot-token-error' : ''}`}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        <p id="bot-token-help" className="mt-1 text-xs text-slate-500">
          From the bot platform, when you created the bot. It goes to the service only; we do not keep it.
        </p>
        {fieldError && (
          <p id="bot-token-error" className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        )}
      </div>
      <SubmitButton pending={pending} pendingLabel="Connecting…">
        Connect bot
      </SubmitButton>
      <div aria-live="polite">
        {state.status === 'error' && <ApiErrorNotice error={state.error} />}
        {state.status === 'connected' && (
          <p className="text-sm text-emerald-800">Bot connected{state.username ? ` as ${state.username}` : ''}. It receives traffic now.</p>
        )}
      </div>
    </form>
  );
}
