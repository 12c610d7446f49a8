const STATUS_STYLES: Record<string, string> = {
  pending: 'border-slate-200 bg-slate-100 text-slate-700',
  retrying: 'border-amber-200 bg-amber-50 text-amber-900',
  succeeded: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
};

export function DeliveryStatusBadge({ status }: { status: string | null | undefined }) {
  const value = status ?? 'unknown';
  return (
    <span
      data-testid="delivery-status"
      className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium ${STATUS_STYLES[value] ?? 'border-slate-200 bg-white text-slate-700'}`}
    >
      {value}
    </span>
  );
}
