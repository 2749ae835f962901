import type { ShopperSizeSystem } from '@shop/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizePicker, sizeOptions } from './size-picker';

// The server and the browser give the group the same useId; one fixed id stands for both here.
vi.mock('react', async (original) => ({
  ...(await original<typeof import('react')>()),
  useId: () => ':s1:',
}));
const GROUP = ':s1:-size';

const options = sizeOptions({ '8': 3, '9': 0, '10': 5 });

function Picker() {
  const [size, setSize] = useState<string | null>(null);
  return (
    <>
      <SizePicker options={options} value={size} onChange={setSize} />
      <output>{size ?? 'none'}</output>
    </>
  );
}

/** What public/boot.js records when a shopper taps a size on the rendered page before the app runs. */
function tappedBeforeTheApp(value: string) {
  globalThis.shopEarlyChoices = new Map([[GROUP, value]]);
}

afterEach(() => {
  globalThis.shopEarlyChoices = undefined;
});

describe('SizePicker', () => {
  it('adopts a size tapped before the app took the page over, once', () => {
    tappedBeforeTheApp('10');
    render(<Picker />);
    expect(screen.getByRole('status')).toHaveTextContent('10');
    expect(screen.getByRole('radio', { name: '10' })).toBeChecked();
    expect(globalThis.shopEarlyChoices?.size).toBe(0);
  });

  it('ignores a sold-out size and an untouched page', () => {
    tappedBeforeTheApp('9');
    render(<Picker />);
    expect(screen.getByRole('status')).toHaveTextContent('none');
    globalThis.shopEarlyChoices = undefined;
    render(<Picker />);
    expect(screen.getAllByRole('status')[1]).toHaveTextContent('none');
  });

  it('writes the sizes in a system with the US key under each, and lets the shopper choose the system', async () => {
    const EU: Record<string, string> = { '8': '41', '9': '42.5', '10': '44' };
    function InSystems() {
      const [system, setSystem] = useState<ShopperSizeSystem>('US');
      return (
        <SizePicker
          options={options}
          value={null}
          onChange={() => {}}
          system={system}
          onSystemChange={setSystem}
          label={({ size }) =>
            system === 'EU'
              ? { text: EU[size] ?? size, note: `US ${size}`, name: `EU ${EU[size]} (US ${size})` }
              : { text: size, name: size }
          }
        />
      );
    }
    render(<InSystems />);
    const user = userEvent.setup();
    const sizes = screen.getByRole('group', { name: 'Select size (US)' });
    expect(within(sizes).getByRole('radio', { name: '10' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'EU' }));
    expect(sizes).toHaveAccessibleName('Select size (EU)');
    expect(within(sizes).getByRole('radio', { name: 'EU 44 (US 10)' })).toBeEnabled();
    expect(within(sizes).getByRole('radio', { name: 'EU 42.5 (US 9), sold out' })).toBeDisabled();
    const ten = within(sizes).getByRole('radio', { name: 'EU 44 (US 10)' });
    expect(document.querySelector(`label[for="${ten.id}"]`)).toHaveTextContent(/^44US 10$/);
  });

  it('adopts a system tapped before the app took the page over', () => {
    globalThis.shopEarlyChoices = new Map([[':s1:-system', 'UK']]);
    const chosen = vi.fn();
    render(<SizePicker options={options} value={null} onChange={() => {}} onSystemChange={chosen} />);
    expect(chosen).toHaveBeenCalledWith('UK');
  });
});
