import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { PartnerResult } from '@/lib/partner/types';
import type { Delivery, DeliveryList, DeliveryStatus, TestEventResult } from '@/lib/partner/schemas';

export const DELIVERY_PAGE_SIZE = 20;

export async function loadDeliveries(input: {
  status?: DeliveryStatus;
  eventType?: string;
  page: number;
}): Promise<{ ok: true; list: DeliveryList } | { ok: false; error: unknown }> {
  try {
    const { data } = await (
      await getPartnerClient()
    ).listDeliveries({
      status: input.status,
      event_type: input.eventType,
      limit: DELIVERY_PAGE_SIZE,
      offset: (input.page - 1) * DELIVERY_PAGE_SIZE,
    });
    return { ok: true, list: data };
  } catch (error) {
    return { ok: false, error };
  }
}

export async function getDelivery(deliveryId: string): Promise<PartnerResult<Delivery>> {
  return (await getPartnerClient()).getDelivery(deliveryId);
}

/** Queues a signed test delivery to the configured webhook (D18). */
export async function sendTestEvent(): Promise<PartnerResult<TestEventResult>> {
  return (await getPartnerClient()).sendTestEvent();
}
