import { describe, expect, it } from 'vitest';
import type { Delivery, DeliveryAttempt } from '@/lib/partner/schemas';
import { judgeReceiver } from '@/lib/webhook-health/our-receiver';

const attempt = (at: string, status: number | null): DeliveryAttempt => ({
  attempt: 1,
  attempted_at: at,
  response_status: status,
  response_body: null,
  duration_ms: 20,
  error: status === null ? 'connection refused' : null,
});
const delivery = (id: string, eventId: string, ...attempts: DeliveryAttempt[]): Delivery => ({
  delivery_id: id,
  event_id: eventId,
  event_type: 'test',
  status: 'succeeded',
  created_at: attempts[0]?.attempted_at ?? null,
  next_attempt_at: null,
  attempts,
});

const stored = new Set(['evt_ours']);

describe('whether the deliveries go to our receiver', () => {
  it('cannot tell without an attempt', () => {
    expect(judgeReceiver([], stored, new Set([401]))).toBe('unknown');
    expect(judgeReceiver([delivery('d1', 'evt_ours')], stored, new Set())).toBe('unknown');
  });

  it('is ours when the newest attempt delivered an event our receiver stored, elsewhere when it did not store it', () => {
    const older = delivery('d1', 'evt_other', attempt('2026-01-01T10:00:00.000Z', 200));
    const newer = delivery('d2', 'evt_ours', attempt('2026-01-01T11:00:00.000Z', 204));
    expect(judgeReceiver([older, newer], stored, new Set())).toBe('ours');
    expect(judgeReceiver([newer, older], new Set(['evt_other']), new Set())).toBe('elsewhere');
  });

  it('is ours when the newest attempt was refused with a status our receiver refused with', () => {
    const refused = delivery('d1', 'evt_x', attempt('2026-01-01T10:00:00.000Z', 200), attempt('2026-01-01T12:00:00.000Z', 401));
    expect(judgeReceiver([refused], stored, new Set([401]))).toBe('ours');
    expect(judgeReceiver([refused], stored, new Set([413]))).toBe('elsewhere');
  });

  it('is elsewhere when the newest attempt got no answer, whatever came before', () => {
    const earlier = delivery('d1', 'evt_ours', attempt('2026-01-01T10:00:00.000Z', 200));
    const unanswered = delivery('d2', 'evt_y', attempt('2026-01-01T10:05:00.000Z', null));
    expect(judgeReceiver([earlier, unanswered], stored, new Set([401]))).toBe('elsewhere');
  });
});
