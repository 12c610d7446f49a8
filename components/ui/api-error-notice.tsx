import type { DisplayError } from '@/lib/ui/display-error';

/** Every API failure is shown with what to do and the request id support will ask for. */
export function ApiErrorNotice({ error, className = '' }: { error: DisplayError; className?: string }) {
  return (
    <div role="alert" data-testid="api-error" className={`rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 ${className}`}>
      <p className="font-semibold">{error.title}</p>
      <p className="mt-1">{error.message}</p>
      {error.requestId && (
        <p className="mt-2 text-red-800">
          Request id <code className="rounded bg-white/70 px-1 font-mono" data-testid="request-id">{error.requestId}</code> — quote it to support.
        </p>
      )}
    </div>
  );
}
