import 'server-only';
import type { DeliveryList } from '@/lib/partner/schemas';
import { getPartnerClient } from './partner';

export const DELIVERY_PAGE_SIZE = 20;

export async function loadDeliveries(input: { status?: 'pending' | 'retrying' | 'succeeded' | 'failed'; eventType?: string; page: number }): Promise<{ ok: true; list: DeliveryList } | { ok: false; error: unknown }> {
  try {
    const { data } = await getPartnerClient().listDeliveries({ status: input.status, event_type: input.eventType, limit: DELIVERY_PAGE_SIZE, offset: (input.page - 1) * DELIVERY_PAGE_SIZE });
    return { ok: true, list: data };
  } catch (error) {
    return { ok: false, error };
  }
}
