import type { InputHTMLAttributes } from 'react';

const CONTROL = 'mt-1 rounded-md border border-slate-300 px-3 py-2';

/** A labelled `<select>` whose first option means "no filter". */
export function SelectField({
  id,
  name,
  label,
  defaultValue,
  anyLabel,
  options,
  className = '',
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  anyLabel: string;
  options: readonly (string | { value: string; label: string })[];
  className?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={`${CONTROL} text-sm ${className}`}>
        <option value="">{anyLabel}</option>
        {options
          .map((o) => (typeof o === 'string' ? { value: o, label: o } : o))
          .map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
      </select>
    </div>
  );
}

/** A labelled `<input>`; an error is tied to it for screen readers. */
export function TextField({
  id,
  label,
  error,
  className = '',
  ...input
}: { id: string; label: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className={`${CONTROL} ${className}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
