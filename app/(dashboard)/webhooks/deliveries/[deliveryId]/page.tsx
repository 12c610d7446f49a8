import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { NotFoundError } from '@/lib/partner/errors';
import { toDisplayError } from '@/app/_errors/display-error';
import { SAFE_ID } from '@/lib/ui/search-params';
import { loadDelivery } from '@/lib/deliveries/deliveries';
import { DeliveryDetail } from '../../delivery-detail';

export const metadata: Metadata = { title: 'Delivery' };

export default async function DeliveryPage({ params }: { params: Promise<{ deliveryId: string }> }) {
  await requireSessionUser();
  const { deliveryId } = await params;
  if (!SAFE_ID.test(deliveryId)) notFound();
  // Read once here so an unknown id answers 404 before anything is sent; the browser then polls.
  const loaded = await loadDelivery(deliveryId);
  if (!loaded.ok && loaded.error instanceof NotFoundError) notFound();
  const initial = loaded.ok ? loaded.data : undefined;
  const error = loaded.ok ? undefined : toDisplayError(loaded.error);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/webhooks" className="text-brand-700 underline">
          Webhooks
        </Link>{' '}
        / {deliveryId}
      </nav>
      <PageHeader
        title="Delivery"
        description="Every attempt, what your endpoint answered, and the payload. Pending and retrying deliveries refresh by themselves."
      />
      {error ? <ApiErrorNotice error={error} /> : <DeliveryDetail deliveryId={deliveryId} initial={initial} />}
    </>
  );
}
