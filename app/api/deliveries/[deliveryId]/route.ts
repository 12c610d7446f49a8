import { authorise } from '@/lib/auth/session';
import { accessRefusalResponse } from '@/app/_errors/access';
import { loadDelivery } from '@/lib/deliveries/deliveries';
import { SAFE_ID } from '@/lib/ui/search-params';
import { toDisplayError } from '@/app/_errors/display-error';
import { failureResponse } from '@/app/_errors/failure-response';

/** For the browser's polling of one delivery; the key stays here on the server. */
export async function GET(_request: Request, { params }: { params: Promise<{ deliveryId: string }> }): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  const { deliveryId } = await params;
  if (!SAFE_ID.test(deliveryId))
    return Response.json(
      { error: { title: 'Not a delivery id', message: 'Delivery ids are letters, digits, "-" and "_".' } },
      { status: 400 },
    );
  const loaded = await loadDelivery(deliveryId);
  if (loaded.ok) return Response.json({ delivery: loaded.data, requestId: loaded.requestId }, { headers: { 'cache-control': 'no-store' } });
  const shown = toDisplayError(loaded.error, {
    not_found: () => ({
      title: 'Delivery not found',
      message: 'No delivery with this id exists on the account. Check the id and try again.',
    }),
  });
  return failureResponse(loaded.error, shown);
}
