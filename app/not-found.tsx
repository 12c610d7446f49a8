import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address. It may have been deleted, or the link is mistyped.</p>
      <Link href="/robots" className="mt-6 inline-block text-brand-700 underline">
        Go to your robots
      </Link>
    </main>
  );
}
