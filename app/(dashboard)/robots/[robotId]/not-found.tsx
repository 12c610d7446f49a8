import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';

export default function RobotNotFound() {
  return (
    <>
      {/* The page's own metadata names a robot; this one says there is none. */}
      <title>Robot not found · Partner Dashboard</title>
      <PageHeader title="Robot not found" />
      <p className="text-slate-700">No robot with this id exists on this account. It may have been deleted, or the link is mistyped.</p>
      <Link href="/robots" className="mt-4 inline-block text-brand-700 underline">
        Back to robots
      </Link>
    </>
  );
}
