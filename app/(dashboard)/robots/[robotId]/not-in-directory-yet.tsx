import { AutoRefresh } from '@/components/auto-refresh';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import type { DirectoryStatus } from '@/lib/robots/directory';
import { readOfTotal } from '@/lib/sync/progress';

/**
 * A robot the directory lacks while it is still reading the account: that is not "no such robot",
 * so the page says how far the read is and looks again by itself until the robot is there, or the
 * read is complete and the page can say it does not exist.
 */
export function NotInDirectoryYet({ status, read }: { status: DirectoryStatus; read: number }) {
  const total = status.filling?.totalCount ?? status.totalCount;
  const itemsRead = status.filling?.itemsRead ?? read;
  return (
    <>
      <PageHeader title="Robot" />
      <Card role="status" className="text-sm" data-testid="robot-not-yet">
        <AutoRefresh everyMs={4000} />
        <p className="font-medium">This robot is not in the dashboard&apos;s robot directory yet.</p>
        <p className="mt-1 text-slate-600" data-testid="directory-progress">
          The directory is still reading the account&apos;s robots: {readOfTotal(itemsRead, total, { one: 'robot', many: 'robots' })} read.
          This page updates by itself and shows the robot once the directory has it; if the account has no robot with this id, it says so
          once the directory is complete.
        </p>
        {total !== null && total > 0 ? (
          <progress className="mt-3 w-full" max={total} value={Math.min(itemsRead, total)} aria-label="Robots read into the directory" />
        ) : null}
      </Card>
    </>
  );
}
