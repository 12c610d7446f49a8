const CHANNEL_LABELS: Record<string, string> = {
  messenger_bot: 'Messenger bot',
  social_dm: 'Social DM',
  chat_vendor_a: 'Chat vendor A',
  widget: 'Website widget',
  chat_vendor_b: 'Chat vendor B',
  chat_vendor_c: 'Chat vendor C',
  chat_app: 'Chat app',
};

/** Unknown types from a newer service are shown by their raw value rather than hidden. */
export function channelLabel(type: string | undefined): string {
  if (!type) return 'Unknown channel';
  return CHANNEL_LABELS[type] ?? type;
}

export function ChannelBadge({ type, isActive }: { type: string | undefined; isActive: boolean | undefined }) {
  const state = isActive === true ? 'active' : isActive === false ? 'inactive' : 'state unknown';
  const tone = isActive === true ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : 'border-slate-200 bg-slate-100 text-slate-600';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium ${tone}`}
      data-testid="channel-badge"
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${isActive ? 'bg-emerald-500' : 'bg-slate-400'}`} />
      {channelLabel(type)} <span className="sr-only">,</span>
      <span>{state}</span>
    </span>
  );
}
