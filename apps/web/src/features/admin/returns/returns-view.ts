import { type OrderReturn, RETURN_STATES, type ReturnState, type StaffReturn } from '@shop/contracts';

/** The states in the order a return goes through them. */
const FILTER_ORDER: ReturnState[] = ['requested', 'approved', 'received', 'rejected', 'cancelled'];

/** The state filter's choices: every return, or those in one state, named by its word ('Requested'). */
export const STATE_FILTERS: { value: ReturnState | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...FILTER_ORDER.map((state) => ({ value: state, label: state.charAt(0).toUpperCase() + state.slice(1) })),
];

/** A state as staff read it: the filter's word for it. */
export const stateLabel = (state: ReturnState) =>
  STATE_FILTERS.find((filter) => filter.value === state)?.label ?? state;

/** The filter lives in the address (`?state=requested`), so a reload and Back keep it. */
export function readState(params: URLSearchParams): ReturnState | '' {
  const raw = params.get('state') ?? '';
  return (RETURN_STATES as readonly string[]).includes(raw) ? (raw as ReturnState) : '';
}

/** A damaged pair does not go back on sale unless staff say so; any other does unless they say not. */
export const restockByDefault = (line: OrderReturn['lines'][number]) => line.reason !== 'damaged';

/** A line's resolution in words: "Refund" or "Exchange for size 10.5". */
export const resolutionText = (line: OrderReturn['lines'][number]) =>
  line.resolution === 'exchange' ? `Exchange for size ${line.exchangeSize ?? '?'}` : 'Refund';

/** The staff's view of an order (its detail in the Orders tab). */
export const orderHref = (orderId: string) => `/account/orders?order=${encodeURIComponent(orderId)}`;

/** A form that takes a return a step on (receive it, reject it): done with the return as it now stands, or cancelled. */
export interface ReturnStepFormProps {
  orderReturn: StaffReturn;
  onDone: (updated: OrderReturn) => void;
  onCancel: () => void;
}
