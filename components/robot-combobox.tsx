'use client';

import { useEffect, useId, useRef, useState } from 'react';

type Suggestion = { id: string; name: string; externalId: string | null };
const ALL: Suggestion = { id: '', name: 'All robots', externalId: null };

/**
 * A searchable robot picker for accounts with thousands of robots: type part of a name, a customer
 * id or a robot id; arrows move, Enter picks, Escape closes. Suggestions come from the dashboard's
 * robot directory. The chosen id is submitted with the form as `name`.
 */
export function RobotCombobox({ name, label, initial }: { name: string; label: string; initial: { id: string; name: string } | null }) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(initial?.name ?? '');
  const [chosen, setChosen] = useState(initial?.id ?? '');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Suggestion[]>([ALL]);
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    if (!open) return;
    const ticket = ++request.current;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/robots/suggest?q=${encodeURIComponent(text === initial?.name ? '' : text)}`, { cache: 'no-store' });
        const body = (await res.json()) as { robots?: Suggestion[] };
        if (ticket !== request.current) return;
        setFailed(!res.ok);
        setOptions([ALL, ...(body.robots ?? [])]);
        setActive(0);
      } catch {
        if (ticket === request.current) setFailed(true);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [text, open, initial?.name]);

  const pick = (option: Suggestion) => {
    setChosen(option.id);
    setText(option.id ? option.name : '');
    setOpen(false);
  };

  return (
    <div className="relative w-full sm:w-72">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input type="hidden" name={name} value={chosen} />
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="All robots — type to search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (e.target.value === '') setChosen('');
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open) {
            const option = options[active];
            if (option) {
              e.preventDefault();
              pick(option);
            }
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="absolute z-10 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {options.map((option, index) => (
            <li
              key={option.id || 'all'}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50 text-brand-700' : ''}`}
            >
              <span className="font-medium">{option.name}</span>
              {option.externalId && <span className="ml-2 font-mono text-xs text-slate-500">{option.externalId}</span>}
            </li>
          ))}
          {failed && <li className="px-3 py-2 text-red-700">Suggestions could not be loaded; type a robot id instead.</li>}
          {!failed && options.length === 1 && text && <li className="px-3 py-2 text-slate-500">No robot matches “{text}”.</li>}
        </ul>
      )}
    </div>
  );
}
