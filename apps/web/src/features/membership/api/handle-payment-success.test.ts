import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { handlePaymentSuccess, PAYMENT_NOTICE_HEADER } from './handle-payment-success';

const USER = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.test',
  role: 0,
  membership: { plan: 1, subscription: 1, expireAt: 1 },
};
let fetchMock: Mock<typeof fetch>;

const answer = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('handlePaymentSuccess', () => {
  it('posts the id form-encoded and answers the user, with no notice', async () => {
    fetchMock.mockResolvedValue(answer(USER));
    await expect(handlePaymentSuccess('cs_demo_abc')).resolves.toEqual({ user: USER, notice: null });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/stripe/handle_payment_success');
    expect(init).toMatchObject({ method: 'POST', body: 'csId=cs_demo_abc', credentials: 'same-origin' });
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('reads the notice of a refunded second payment from its header', async () => {
    const notice = 'You already had Pro, so this second payment was refunded.';
    fetchMock.mockResolvedValue(answer(USER, 200, { [PAYMENT_NOTICE_HEADER]: notice }));
    await expect(handlePaymentSuccess('cs_test_2')).resolves.toEqual({ user: USER, notice });
  });

  it("rejects with the server's error body, or a generic one", async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 'notFound', message: 'That checkout does not exist.' }, 404));
    const error = await handlePaymentSuccess('cs_test_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'notFound', message: 'That checkout does not exist.' });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(handlePaymentSuccess('cs_test_x')).rejects.toMatchObject({ status: 502, code: 'http' });
  });
});
