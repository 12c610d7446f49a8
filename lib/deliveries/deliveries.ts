import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import { load, loadFailure, type Loaded } from '@/lib/connection/loaded';
import type { PartnerResult } from '@/lib/partner/types';
import type { Delivery, DeliveryList, DeliveryStatus, TestEventResult } from '@/lib/partner/schemas';

export const DELIVERY_PAGE_SIZE = 20;

export async function loadDeliveries(input: { status?: DeliveryStatus; eventType?: string; page: number }): Promise<Loaded<DeliveryList>> {
  return load(
    async () =>
      (
        await (
          await getPartnerClient()
        ).listDeliveries({
          status: input.status,
          event_type: input.eventType,
          limit: DELIVERY_PAGE_SIZE,
          offset: (input.page - 1) * DELIVERY_PAGE_SIZE,
        })
      ).data,
  );
}

/** One delivery with the request id of its read, which the poll passes on to the browser. */
export async function loadDelivery(deliveryId: string): Promise<Loaded<Delivery, { requestId?: string }>> {
  try {
    const { data, requestId } = await (await getPartnerClient()).getDelivery(deliveryId);
    return { ok: true, data, requestId };
  } catch (err) {
    return { ok: false, error: loadFailure(err) };
  }
}

/** Queues a signed test delivery to the configured webhook (D18). */
export async function sendTestEvent(): Promise<PartnerResult<TestEventResult>> {
  return (await getPartnerClient()).sendTestEvent();
}
