/** What a viewer sees on a page only admins use. */
export function AdminsOnly({ what }: { what: string }) {
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-5 text-amber-900">
      <p className="font-semibold">Only admins see {what}</p>
      <p className="mt-1 text-sm">Your role is viewer. Ask an admin of this dashboard if you need something here.</p>
    </div>
  );
}
