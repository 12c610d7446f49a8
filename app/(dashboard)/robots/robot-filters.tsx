import { SelectField, TextField } from '@/components/ui/form-fields';
import { Card } from '@/components/ui/card';
import { CHANNEL_TYPES } from '@/contract/vocabulary';
import type { RobotQuery } from '@/lib/robots/directory-query';
import { channelLabel } from './channel-badge';

const STATE_LABELS = {
  active: 'Has an active channel',
  inactive: 'Has an inactive channel',
  pending: 'Handshake waiting',
  none: 'No channels',
} as const;
const SORT_LABELS = { newest: 'Newest first', name: 'Name (A–Z)' } as const;

/** Find a robot among thousands: by name, customer id or robot id, narrowed by channel type and state. A plain GET form: the URL keeps it all. */
export function RobotFilters({ query }: { query: RobotQuery }) {
  return (
    <Card
      as="form"
      padding="sm"
      method="get"
      action="/robots"
      role="search"
      aria-label="Find robots"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className="w-full sm:w-72">
        <TextField
          id="robot-search"
          name="q"
          label="Name, customer id or robot id"
          type="search"
          defaultValue={query.q}
          placeholder="e.g. Acme or cust-1042"
          className="w-full text-sm"
        />
      </div>
      <SelectField
        id="robot-type"
        name="type"
        label="Channel type"
        defaultValue={query.type ?? ''}
        anyLabel="Any type"
        options={CHANNEL_TYPES.map((t) => ({ value: t, label: channelLabel(t) }))}
      />
      <SelectField
        id="robot-state"
        name="state"
        label="Channel state"
        defaultValue={query.state ?? ''}
        anyLabel="Any state"
        options={Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <div>
        <label htmlFor="robot-sort" className="block text-sm font-medium">
          Sort
        </label>
        <select id="robot-sort" name="sort" defaultValue={query.sort} className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm">
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Find
      </button>
    </Card>
  );
}
