/** A sneaker drawn for the shop (side view, toe to the right). Decorative unless given a `title`. */
export function SneakerArt({
  className,
  upper = '#ffffff',
  accent = 'var(--shop-accent)',
  ink = 'var(--shop-ink)',
  title,
}: {
  className?: string;
  upper?: string;
  accent?: string;
  ink?: string;
  title?: string;
}) {
  return (
    <svg
      viewBox="0 0 400 200"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <ellipse cx="206" cy="188" rx="176" ry="8" fill="#000" opacity="0.12" />
      <path
        d="M44 146C34 118 34 84 46 62c6-10 18-12 28-6 24 16 52 18 76 4l16-28c4-7 15-7 19 0l18 32c37 24 83 36 127 44 26 5 44 16 46 38Z"
        fill={upper}
        stroke={ink}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M44 146c-10-28-10-58 0-78l50 20c-6 20-6 40 0 58Z"
        fill={accent}
        stroke={ink}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M296 104c38 6 76 16 80 42h-76c-6-14-8-30-4-42Z"
        fill={accent}
        stroke={ink}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M152 60c38 20 86 34 140 42l-6 16c-50-8-100-22-142-42Z" fill={ink} />
      <g fill="#fff">
        <circle cx="166" cy="74" r="3.2" />
        <circle cx="192" cy="85" r="3.2" />
        <circle cx="218" cy="93" r="3.2" />
        <circle cx="244" cy="99" r="3.2" />
        <circle cx="270" cy="104" r="3.2" />
      </g>
      <g stroke="#fff" strokeWidth="3" strokeLinecap="round">
        <path d="m160 66 16 16M186 77l16 14M212 85l16 14M238 91l16 14" />
      </g>
      <path d="M104 132c56-10 126-12 186-6" fill="none" stroke={ink} strokeWidth="4" strokeLinecap="round" />
      <path d="m46 62-6-20 14-2 8 16Z" fill={ink} />
      <rect x="30" y="144" width="352" height="22" rx="10" fill="#fff" stroke={ink} strokeWidth="4" />
      <rect x="28" y="164" width="356" height="16" rx="8" fill={ink} />
    </svg>
  );
}

/** A basketball, for the basketball page. */
export function BasketballArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 200" className={className} aria-hidden="true" focusable="false">
      <circle cx="100" cy="100" r="92" fill="var(--shop-accent)" stroke="var(--shop-ink)" strokeWidth="6" />
      <g fill="none" stroke="var(--shop-ink)" strokeWidth="6" strokeLinecap="round">
        <path d="M8 100h184M100 8v184" />
        <path d="M36 35c26 20 40 42 40 65s-14 45-40 65" />
        <path d="M164 35c-26 20-40 42-40 65s14 45 40 65" />
      </g>
    </svg>
  );
}
