import type { Drop } from '@shop/contracts';

interface DropSizesTableProps {
  drop: Drop;
  className: string;
  /** What the table shows, for screen readers. */
  caption: string;
  /** The size column's heading ('Size (US)'). */
  sizeHeading: string;
  /** Whether a drawn draw's winners per size show (the staff's view). */
  showWinners?: boolean;
}

/** A drop's sizes: the pairs in each and, for a draw, its entrants (and, once drawn, its winners). */
export function DropSizesTable({
  drop,
  className,
  caption,
  sizeHeading,
  showWinners = false,
}: DropSizesTableProps) {
  const draw = drop.mode === 'draw';
  const winners = draw && showWinners ? drop.winners : null;
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{sizeHeading}</th>
          <th scope="col">Pairs</th>
          {draw ? <th scope="col">Entrants</th> : null}
          {winners ? <th scope="col">Winners</th> : null}
        </tr>
      </thead>
      <tbody>
        {drop.sizes.map((size) => (
          <tr key={size.size}>
            <th scope="row">{size.size}</th>
            <td>{size.units}</td>
            {draw ? <td>{size.entrants}</td> : null}
            {winners ? <td>{winners[size.size]?.length ?? 0}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
