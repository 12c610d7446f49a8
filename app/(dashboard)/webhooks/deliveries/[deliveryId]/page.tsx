import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { DeliveryDetail } from '../../delivery-detail';
import { requireSessionUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Delivery' };

export default async function DeliveryPage({ params }: { params: Promise<{ deliveryId: string }> }) {
  await requireSessionUser();
  const { deliveryId } = await params;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm"><Link href="/webhooks" className="text-brand-700 underline">Webhooks</Link> / {deliveryId}</nav>
      <PageHeader title="Delivery" description="Every attempt, what your endpoint answered, and the payload. Pending and retrying deliveries refresh by themselves." />
      <DeliveryDetail deliveryId={deliveryId} />
    </>
  );
}
