import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Counter } from '@antrean/shared/domain/counter';
import type { BranchService } from '@antrean/shared/domain/service';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { readCounterChoice } from '../lib/counter-choice';
import { CounterChoiceForm } from './counter-choice-form';

const TELLER = '01a2010e-3799-7482-aa9e-1ab2aa531a10';
const CS = '01a2010e-3799-714d-acb4-bed47831e04b';

function service(id: string, code: string, name: string): BranchService {
  return {
    id,
    name,
    code,
    type: 'both',
    slaSeconds: 300,
    printCount: 1,
    randomCaller: false,
    customerPhoto: false,
    finishButton: true,
    showOnKiosk: true,
    showOnWeb: true,
    showRemainingQueue: true,
    isActive: true,
    subServices: [],
  };
}

function counter(n: number, serviceIds: string[]): Counter {
  return {
    id: `01a2010e-3799-754c-b5da-6b94784920${String(n).padStart(2, '0')}`,
    branchId: BRANCH_ID,
    name: `Loket ${String(n)}`,
    number: n,
    isActive: true,
    serviceIds,
  };
}

describe('counter choice', () => {
  it('offers only the counters that serve the chosen service and remembers the choice', async () => {
    mockApi([
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      {
        path: `/api/v1/branches/${BRANCH_ID}/services`,
        body: { items: [service(TELLER, 'A', 'Teller'), service(CS, 'B', 'Customer Service')] },
      },
      {
        path: `/api/v1/branches/${BRANCH_ID}/counters`,
        body: { items: [counter(1, [TELLER]), counter(2, [TELLER]), counter(3, [CS])] },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    const caller = staffUser('caller');
    const onChosen = vi.fn();
    renderWithProviders(<CounterChoiceForm user={caller} onChosen={onChosen} />, { route: '/login-caller' });

    // One branch: shown, not asked.
    expect(await screen.findByDisplayValue('KC Jakarta Sudirman')).toBeInTheDocument();

    // Submitting without a choice shows the localized messages.
    await user.click(screen.getByRole('button', { name: 'Mulai melayani' }));
    expect(await screen.findAllByText('Wajib dipilih.')).toHaveLength(2);
    expect(onChosen).not.toHaveBeenCalled();

    const services = await screen.findByRole('combobox', { name: 'Layanan' });
    await waitFor(() => expect(services).toBeEnabled());
    await user.click(services);
    await user.click(await screen.findByRole('option', { name: 'B — Customer Service' }));

    const counterSelect = screen.getByRole('combobox', { name: 'Loket' });
    await waitFor(() => expect(counterSelect).toBeEnabled());
    await user.click(counterSelect);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Loket 3']);
    await user.click(screen.getByRole('option', { name: 'Loket 3' }));

    await user.click(screen.getByRole('button', { name: 'Mulai melayani' }));
    const expected = { branchId: BRANCH_ID, serviceIds: [CS], counterId: counter(3, [CS]).id };
    await waitFor(() => {
      expect(onChosen).toHaveBeenCalledWith(expected);
    });
    expect(readCounterChoice(caller.id)).toEqual(expected);
    expect(readCounterChoice('01a2010e-0000-7000-8000-000000000000')).toBeUndefined();
  });
});
