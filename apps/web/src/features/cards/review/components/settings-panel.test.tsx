// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardSettings } from '@turtle/shared/cards-review';
import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { ApiError } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query/query-client';
import { useToastQueue } from '../../../../lib/toast';
import { fakeApi } from '../../../../test/fake-api';
import { SettingsPanel } from './settings-panel';

const server = fakeApi();
const save = server.of(cardReviewEndpoints.saveSettings);
const loaded: CardSettings = {
  desiredRetention: 0.9,
  newPerDay: 20,
  reviewsPerDay: 200,
  loadBalancing: true,
  easyDays: ['normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'normal'],
  reviewOrder: 'due',
};

async function open() {
  render(<SettingsPanel />);
  return screen.findByRole('spinbutton', { name: 'Desired retention' });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

beforeEach(() => {
  server.of(cardReviewEndpoints.settings).mockResolvedValue({ settings: loaded });
  server.of(cardReviewEndpoints.forecast).mockReturnValue(new Promise(() => undefined));
  useToastQueue.setState({ enabled: false, queue: [] });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('SettingsPanel', () => {
  it('a retention out of range is refused with its rule, and nothing is sent', async () => {
    fireEvent.change(await open(), { target: { value: '0.99' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Desired retention is between 0.7 and 0.97.');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the settings and says so; a refusal shows the server’s message, and the next save clears it', async () => {
    save.mockRejectedValueOnce(new ApiError(503, { code: 'unavailable', message: 'Try again soon.' }));
    save.mockResolvedValueOnce({ settings: { ...loaded, newPerDay: 5 } });
    await open();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'New cards a day' }), { target: { value: '5' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Try again soon.');
    submit();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() =>
      expect(useToastQueue.getState().queue.map((item) => item.message)).toContain('Review settings saved.'),
    );
    expect(save).toHaveBeenLastCalledWith({
      body: {
        desiredRetention: 0.9,
        newPerDay: 5,
        reviewsPerDay: 200,
        loadBalancing: true,
        easyDays: loaded.easyDays,
        reviewOrder: 'due',
      },
    });
  });

  it('sends load balancing, each weekday’s level and the review order as set (docs/decisions/043-daily-load.md)', async () => {
    save.mockResolvedValueOnce({ settings: loaded });
    await open();
    const sunday = screen.getByRole('combobox', { name: 'Sunday' });
    fireEvent.change(sunday, { target: { value: 'minimum' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Saturday' }), { target: { value: 'reduced' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Review order' }), { target: { value: 'retrievability' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Load balancing/ }));
    // Easy days only matter to the balancing: their choices rest while it is off.
    expect(sunday).toHaveProperty('disabled', true);
    submit();
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({
        body: {
          desiredRetention: 0.9,
          newPerDay: 20,
          reviewsPerDay: 200,
          loadBalancing: false,
          easyDays: ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum'],
          reviewOrder: 'retrievability',
        },
      }),
    );
  });
});
