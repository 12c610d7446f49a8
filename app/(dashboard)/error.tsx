'use client';

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-red-50 p-6">
      <h1 className="text-lg font-semibold text-red-900">This page could not be shown</h1>
      <p className="mt-2 text-sm text-red-800">
        Something went wrong on our side while preparing it. Try again; if it keeps failing, contact support
        {error.digest ? ' and quote the reference below' : ''}.
      </p>
      {error.digest && <p className="mt-2 font-mono text-sm text-red-900">Reference: {error.digest}</p>}
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
      >
        Try again
      </button>
    </div>
  );
}
