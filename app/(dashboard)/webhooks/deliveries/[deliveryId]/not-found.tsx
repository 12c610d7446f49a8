import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';

export default function DeliveryNotFound() {
  return (
    <>
      {/* The page's own metadata names a delivery; this one says there is none. */}
      <title>Delivery not found · Partner Dashboard</title>
      <PageHeader title="Delivery not found" />
      <p className="text-slate-700">No delivery with this id exists on this account. Check the id, or find it in the list of deliveries.</p>
      <Link href="/webhooks" className="mt-4 inline-block text-brand-700 underline">
        Back to deliveries
      </Link>
    </>
  );
}
