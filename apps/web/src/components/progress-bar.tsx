/**
 * A progress bar with its accessible name and value (0 to 100). `width` is how much of it is drawn (the
 * value unless given); `barClassName` colours the bar.
 */
export function ProgressBar({
  className,
  label,
  value,
  valueText,
  barClassName,
  width = value,
}: {
  className: string;
  label: string;
  value: number;
  valueText?: string;
  barClassName: string;
  width?: number;
}) {
  return (
    <div
      className={`progress ${className}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className={`progress-bar ${barClassName}`} style={{ width: `${width}%` }} />
    </div>
  );
}

/**
 * A picture upload's progress bar: the share sent while uploading, full (striped) while the shop saves
 * it, green once done. `status` is read out as its value where given.
 */
export function UploadProgress({
  className,
  phase,
  percent,
  status,
}: {
  className: string;
  phase: 'uploading' | 'saving' | 'done';
  percent: number;
  status?: string;
}) {
  return (
    <ProgressBar
      className={className}
      label="Picture upload"
      value={phase === 'uploading' ? percent : 100}
      valueText={status}
      barClassName={phase === 'done' ? 'bg-success' : 'bg-dark progress-bar-striped progress-bar-animated'}
    />
  );
}
