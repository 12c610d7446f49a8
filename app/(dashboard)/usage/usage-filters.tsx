'use client';

import { useState } from 'react';
import { RobotCombobox } from '@/components/robot-combobox';
import { customRangeProblem, PRESET_LABELS, USAGE_PRESETS, type UsagePreset } from '@/lib/usage/day-range';
import { Card } from '@/components/ui/card';

type Props = { preset: UsagePreset; fromDay: string; toDay: string; robot: { id: string; name: string } | null; measure: string };

/** A plain GET form: the window and robot live in the URL, so a view can be bookmarked and shared. */
export function UsageFilters({ preset, fromDay, toDay, robot, measure }: Props) {
  const [chosen, setChosen] = useState<UsagePreset>(preset);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card
      as="form"
      padding="sm"
      method="get"
      action="/usage"
      className="flex flex-wrap items-end gap-4"
      noValidate
      onSubmit={(event) => {
        if (chosen !== 'custom') return;
        const data = new FormData(event.currentTarget);
        const found = customRangeProblem(String(data.get('from') ?? ''), String(data.get('to') ?? ''));
        setProblem(found);
        if (found) event.preventDefault();
      }}
    >
      <div>
        <label htmlFor="usage-range" className="block text-sm font-medium">
          Window
        </label>
        <select
          id="usage-range"
          name="range"
          value={chosen}
          onChange={(e) => setChosen(e.target.value as UsagePreset)}
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          {USAGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {chosen === 'custom' && (
        <>
          <div>
            <label htmlFor="usage-from" className="block text-sm font-medium">
              From
            </label>
            <input
              id="usage-from"
              name="from"
              type="date"
              defaultValue={fromDay}
              aria-describedby={problem ? 'usage-range-error' : undefined}
              className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="usage-to" className="block text-sm font-medium">
              To (inclusive)
            </label>
            <input
              id="usage-to"
              name="to"
              type="date"
              defaultValue={toDay}
              aria-describedby={problem ? 'usage-range-error' : undefined}
              className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
        </>
      )}
      <RobotCombobox name="robot" label="Robot" initial={robot} />
      <div>
        <label htmlFor="usage-measure" className="block text-sm font-medium">
          Charts rank by
        </label>
        <select
          id="usage-measure"
          name="measure"
          defaultValue={measure}
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="messages">Messages</option>
          <option value="units">Units</option>
          <option value="conversations">Conversations</option>
        </select>
      </div>
      <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Apply
      </button>
      {problem && (
        <p id="usage-range-error" role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </Card>
  );
}
