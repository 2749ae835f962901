interface TableHeadProps {
  /** The columns' headings, left-aligned. */
  columns: readonly string[];
  /** Then the columns of figures, right-aligned. */
  figures?: readonly string[];
  /** A last column of buttons, its heading for screen readers only. */
  actions?: boolean;
}

/** A table's row of column headings. */
export function TableHead({ columns, figures = [], actions = false }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {figures.map((column) => (
          <th key={column} scope="col" className="text-end">
            {column}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
