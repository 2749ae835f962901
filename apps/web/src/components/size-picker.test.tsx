import { render, screen } from '@testing-library/react';
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
});
