import type { ReactNode } from 'react';
import './marketing.css';

/** The spec's responsive breakpoints (Bootstrap's). */
const BREAKPOINTS = [
  { name: 'xs', min: 0, container: '100%' },
  { name: 'sm', min: 576, container: '540px' },
  { name: 'md', min: 768, container: '720px' },
  { name: 'lg', min: 992, container: '960px' },
  { name: 'xl', min: 1200, container: '1140px' },
  { name: 'xxl', min: 1400, container: '1320px' },
] as const;

/** Which breakpoint is active, shown with CSS only: each label is visible within its own range. */
const ACTIVE_CLASSES: Record<(typeof BREAKPOINTS)[number]['name'], string> = {
  xs: 'd-inline d-sm-none',
  sm: 'd-none d-sm-inline d-md-none',
  md: 'd-none d-md-inline d-lg-none',
  lg: 'd-none d-lg-inline d-xl-none',
  xl: 'd-none d-xl-inline d-xxl-none',
  xxl: 'd-none d-xxl-inline',
};

const DEMO_COLUMNS = 'col-6 col-sm-4 col-md-3 col-xl-2';

/** `/demogrid`: 'Placeholder layout', the layout grid with its breakpoints. */
export function DemoGridPage() {
  return (
    <main className="container py-5 demo-grid">
      <title>Placeholder layout · Sneaker Shop</title>
      <p className="eyebrow">Layout grid</p>
      <h1 className="section-title display-title">Placeholder layout</h1>
      <p className="text-muted mb-4">
        The shop's layout grid: 12 columns with Bootstrap's breakpoints. Resize the window to watch the boxes
        reflow. Current breakpoint:{' '}
        <strong className="demo-grid__now">
          {BREAKPOINTS.map((bp) => (
            <span key={bp.name} className={ACTIVE_CLASSES[bp.name]}>
              {bp.name} (from {bp.min} px)
            </span>
          ))}
        </strong>
      </p>

      <DemoSection id="bp-title" title="Breakpoints">
        <ol className="demo-grid__scale list-unstyled">
          {BREAKPOINTS.map((bp) => (
            <li key={bp.name} className="demo-grid__step">
              <span className="demo-grid__bp">{bp.name}</span>
              <span className="demo-grid__min">≥ {bp.min} px</span>
              <span className="demo-grid__container">container {bp.container}</span>
            </li>
          ))}
        </ol>
      </DemoSection>

      <DemoSection
        id="cols-title"
        title="Columns"
        intro="Each box: 6 of 12 columns on xs, 4 on sm, 3 on md and lg, 2 from xl."
      >
        <div className="row g-3">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed demo boxes
            <div key={i} className={DEMO_COLUMNS}>
              <div className="demo-box">Box {i + 1}</div>
            </div>
          ))}
        </div>
      </DemoSection>

      <DemoSection id="page-title" title="Page skeleton" last>
        <div className="row g-3">
          <div className="col-12">
            <div className="demo-box demo-box--tall">Header · col-12</div>
          </div>
          <div className="col-12 col-md-4 col-lg-3">
            <div className="demo-box demo-box--side">Sidebar · col-md-4 col-lg-3</div>
          </div>
          <div className="col-12 col-md-8 col-lg-9">
            <div className="demo-box demo-box--main">Content · col-md-8 col-lg-9</div>
          </div>
          {['col-6 col-lg-3', 'col-6 col-lg-3', 'col-6 col-lg-3', 'col-6 col-lg-3'].map((cols, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed demo boxes
            <div key={i} className={cols}>
              <div className="demo-box">Card · {cols}</div>
            </div>
          ))}
          <div className="col-12">
            <div className="demo-box">Footer · col-12</div>
          </div>
        </div>
      </DemoSection>
    </main>
  );
}

/** One part of the demo: its heading, a line of introduction when it has one, and its boxes. */
function DemoSection({
  id,
  title,
  intro,
  last = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  last?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={last ? 'mb-3' : 'mb-5'}>
      <h2 id={id} className={`h5 fw-bold ${intro ? 'mb-1' : 'mb-3'}`}>
        {title}
      </h2>
      {intro ? <p className="small text-muted mb-3">{intro}</p> : null}
      {children}
    </section>
  );
}
