const TONES = { primary: 'bg-brand-600 hover:bg-brand-700', danger: 'bg-red-700 hover:bg-red-800' } as const;
const SIZES = { small: 'px-3 py-1.5 text-sm', large: 'w-full px-4 py-2' } as const;

/** A form's submit button that says what is happening while the action runs, and cannot be pressed twice. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  tone = 'primary',
  size = 'small',
}: {
  pending: boolean;
  pendingLabel: string;
  children: React.ReactNode;
  tone?: keyof typeof TONES;
  size?: keyof typeof SIZES;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`rounded-md font-medium text-white disabled:opacity-60 ${TONES[tone]} ${SIZES[size]}`}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
