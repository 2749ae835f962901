import type { DropSummary } from '@shop/contracts';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { SizePicker } from '../../components/size-picker';
import { GatePrompt } from './gate-prompt';
import { type DrawEntryState, SOLVING_TEXT, useDrawEntry } from './use-draw-entry';
import { type ProductSizes, usePreselect } from './use-product-sizes';

export const ENTER_GUEST_TEXT = 'You must be logged in to enter the draw';

const pairs = (units: number) => (units === 1 ? '1 pair' : `${units} pairs`);

/** The sizes the drop releases pairs in (a size without pairs cannot be entered for). */
const releasedSizes = (drop: DropSummary) => drop.sizes.filter((size) => size.units > 0);

/** How the tiles read in the shopper's system (the product page's sizes), when known. */
function tileProps(sizes: ProductSizes | undefined) {
  return sizes ? { label: sizes.tile, system: sizes.system, onSystemChange: sizes.chooseSystem } : {};
}

/**
 * A draw whose entry is open: choose a size (the shopper's own chosen first, when the drop releases
 * pairs in it) and enter, or, once in, change the size or withdraw.
 */
export function DrawEntry({ drop, sizes }: { drop: DropSummary; sizes?: ProductSizes }) {
  const state = useDrawEntry(drop);
  return (
    <div className="drop-panel__entry">
      {state.entryLoading ? (
        <p className="text-muted mb-0">Looking for your entry…</p>
      ) : state.entry ? (
        <EnteredView drop={drop} state={state} sizes={sizes} />
      ) : (
        <EnterForm drop={drop} state={state} sizes={sizes} />
      )}
      <EntryProgress state={state} />
      <GatePrompt gate={state.gate} guestText={ENTER_GUEST_TEXT} />
    </div>
  );
}

function EnterForm({
  drop,
  state,
  sizes,
}: {
  drop: DropSummary;
  state: DrawEntryState;
  sizes: ProductSizes | undefined;
}) {
  const busy = state.phase !== 'idle';
  const options = releasedSizes(drop);
  usePreselect(sizes?.myKeys ?? [], options, state.size, state.setSize);
  return (
    <>
      <SizePicker
        legend="Choose your size"
        options={options}
        value={state.size}
        onChange={state.setSize}
        caption={(option) => pairs(option.units)}
        {...tileProps(sizes)}
      />
      <button
        type="button"
        className="btn btn-dark btn-lg w-100 mt-3 product__add"
        disabled={!state.size || busy}
        aria-describedby="drop-enter-why"
        onClick={state.enter}
      >
        {state.phase === 'solving' ? `Checking… ${state.solved}%` : busy ? 'Entering…' : 'Enter the draw'}
      </button>
      <p id="drop-enter-why" className="small text-muted mt-2 mb-0">
        {state.size ? null : 'Choose a size to enter. '}
        One entry a person. Before it is sent, your browser solves a small puzzle for a few seconds (a proof
        of work): it makes thousands of entries by a script costly, with no tracking, no cookies and no third
        party.
      </p>
    </>
  );
}

function EnteredView({
  drop,
  state,
  sizes,
}: {
  drop: DropSummary;
  state: DrawEntryState;
  sizes: ProductSizes | undefined;
}) {
  const entry = state.entry;
  if (!entry) return null;
  const busy = state.phase !== 'idle';
  const chosen = state.size ?? entry.size;
  return (
    <>
      <p className="drop-panel__result">
        You're in: entry <code className="drop-panel__id">{entry.id}</code>, size {entry.size}.
      </p>
      <SizePicker
        legend="Change your size"
        options={releasedSizes(drop)}
        value={chosen}
        onChange={state.setSize}
        caption={(option) => pairs(option.units)}
        {...tileProps(sizes)}
      />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-dark rounded-pill px-4"
          disabled={busy || chosen === entry.size}
          onClick={state.changeSize}
        >
          {state.phase === 'changing'
            ? 'Changing…'
            : chosen === entry.size
              ? 'Change size'
              : `Change to size ${chosen}`}
        </button>
        <button
          type="button"
          className="btn btn-outline-danger rounded-pill px-4"
          disabled={busy}
          onClick={state.withdraw}
        >
          {state.phase === 'withdrawing' ? 'Withdrawing…' : 'Withdraw'}
        </button>
      </div>
    </>
  );
}

/** The proof of work's progress, what happened, and why an entry was refused. */
function EntryProgress({ state }: { state: DrawEntryState }) {
  const solving = state.phase === 'solving';
  return (
    <>
      <p className="drop-panel__status small fw-semibold mt-2 mb-0" role="status">
        {solving ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {SOLVING_TEXT}
            <progress
              className="drop-panel__progress d-block w-100 mt-2"
              max={100}
              value={state.solved}
              aria-label="Puzzle solved"
            >
              {state.solved}%
            </progress>
          </>
        ) : state.phase === 'sending' ? (
          'Sending your entry…'
        ) : (
          state.status
        )}
      </p>
      {state.error ? (
        <AlertError message={state.error.message} onClose={state.dismissError} className="mt-2 mb-0">
          {state.error.profile ? (
            <Link to="/account/profile" className="alert-link">
              Complete your profile
            </Link>
          ) : null}
        </AlertError>
      ) : null}
    </>
  );
}
