interface CarouselControlsProps {
  /** The id of the track the buttons move. */
  trackId: string;
  /** Whether the stop/start button shows (not for visitors who prefer reduced motion). */
  canStop: boolean;
  stopped: boolean;
  onToggleStopped: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** Stop/start the automatic slide show, Previous and Next. */
export function CarouselControls({
  trackId,
  canStop,
  stopped,
  onToggleStopped,
  onPrevious,
  onNext,
}: CarouselControlsProps) {
  return (
    <div className="carousel-slider__buttons">
      {canStop ? (
        <button
          type="button"
          className="carousel-slider__btn carousel-slider__btn--ghost"
          aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
          onClick={onToggleStopped}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            {stopped ? (
              <path d="M8 5v14l11-7z" fill="currentColor" />
            ) : (
              <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
            )}
          </svg>
        </button>
      ) : null}
      <StepButton direction="left" trackId={trackId} onClick={onPrevious} />
      <StepButton direction="right" trackId={trackId} onClick={onNext} />
    </div>
  );
}

type Direction = 'left' | 'right';

/** Previous (left) or Next (right): moves the track by a view. */
function StepButton({
  direction,
  trackId,
  onClick,
}: {
  direction: Direction;
  trackId: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="carousel-slider__btn"
      aria-label={direction === 'left' ? 'Previous slides' : 'Next slides'}
      aria-controls={trackId}
      onClick={onClick}
    >
      <ChevronIcon direction={direction} />
    </button>
  );
}

function ChevronIcon({ direction }: { direction: Direction }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
