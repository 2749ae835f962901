/** A choice of a list: the value sent and the words shown. */
export interface SelectOption {
  value: string;
  label: string;
}

/** The `<option>`s of a list, one per choice, in the order given. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
