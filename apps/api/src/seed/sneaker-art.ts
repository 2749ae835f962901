/**
 * Side-view sneaker illustrations as SVG, drawn from a handful of shapes and varied per product.
 *
 * Everything is deterministic: the same slug, silhouette and colour always give the same picture. The
 * drawing lives in an 800x600 box (shoe pointing right, floor at y=450); `sneakerSvg` scales it to any
 * 4:3 output size. No brand marks: the side accents are generic shapes.
 */
import type { Color } from '@shop/contracts';
import { prng, type Silhouette } from './catalogue';

// ---------------------------------------------------------------------------------------------------
// Colour helpers

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** `t` of the way from colour `a` to colour `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const shade = (colour: string, t: number) => mix(colour, '#000000', t);
const tint = (colour: string, t: number) => mix(colour, '#ffffff', t);

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function colourDistance(a: string, b: string): number {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/** Shoe tones for the catalogue's colour names. */
export const SHOE_TONES: Record<Color, string> = {
  Yellow: '#f2c230',
  Blue: '#2f5fd0',
  Red: '#c8242b',
  White: '#f4f4f2',
  Black: '#1d1d1f',
  Green: '#2f7d4f',
  Brown: '#7a4a2a',
};

const ACCENTS = [
  '#e4572e', // orange
  '#2f5fd0', // royal blue
  '#c8242b', // red
  '#f2c230', // yellow
  '#1d1d1f', // black
  '#ffffff', // white
  '#2f7d4f', // green
  '#8a8f98', // cool grey
  '#15a3a8', // teal
  '#6b4fc8', // purple
  '#1f2d4d', // navy
  '#e9a8b8', // pink
];

const SOLES = {
  white: '#fbfbf8',
  cream: '#efe5cc',
  gum: '#b9793d',
  black: '#2b2b2e',
} as const;

// ---------------------------------------------------------------------------------------------------
// Geometry: outlines are runs of points joined by smooth (Catmull-Rom) curves.

type Point = [number, number];
type Cubic = [Point, Point, Point, Point];
/** A run of points; consecutive runs meet at a corner. A run of one point is a straight line. */
type Run = Point[];

const fmt = ([x, y]: Point) => `${x.toFixed(1)} ${y.toFixed(1)}`;

/** Smooth cubic segments from `start` through every point of `run`. */
function smoothCubics(start: Point, run: Run): Cubic[] {
  const points = [start, ...run];
  const cubics: Cubic[] = [];
  for (let i = 0; i < points.length - 1; i += 1) {
    const p1 = points[i] as Point;
    const p2 = points[i + 1] as Point;
    const p0 = points[i - 1] ?? p1;
    const p3 = points[i + 2] ?? p2;
    cubics.push([
      p1,
      [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6],
      [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6],
      p2,
    ]);
  }
  return cubics;
}

/** A path through runs of points: `M first`, then each run smooth, corners between runs. */
function path(first: Point, runs: Run[], close = false): string {
  let d = `M ${fmt(first)}`;
  let current = first;
  for (const run of runs) {
    if (run.length === 1) {
      d += ` L ${fmt(run[0] as Point)}`;
    } else {
      for (const [, c1, c2, end] of smoothCubics(current, run)) d += ` C ${fmt(c1)}, ${fmt(c2)}, ${fmt(end)}`;
    }
    current = run[run.length - 1] as Point;
  }
  return close ? `${d} Z` : d;
}

const curve = (points: Point[]) => path(points[0] as Point, [points.slice(1)]);

/** A panel: its seam (a smooth curve) closed round the outside of the shoe, clipped to the upper later. */
function region(edge: Point[], outside: Point[]): string {
  return `${curve(edge)} ${outside.map((point) => `L ${fmt(point)}`).join(' ')} Z`;
}

function bezier([p0, p1, p2, p3]: Cubic, t: number): Point {
  const u = 1 - t;
  return [
    u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
  ];
}

/** `count` points spread evenly (by length) along a smooth run, each with its normal into the shoe. */
function spread(
  start: Point,
  run: Run,
  from: number,
  to: number,
  count: number,
): { point: Point; normal: Point }[] {
  const samples: Point[] = [];
  for (const cubic of smoothCubics(start, run)) {
    for (let i = samples.length === 0 ? 0 : 1; i <= 24; i += 1) samples.push(bezier(cubic, i / 24));
  }
  const lengths = [0];
  for (let i = 1; i < samples.length; i += 1) {
    const a = samples[i - 1] as Point;
    const b = samples[i] as Point;
    lengths.push((lengths[i - 1] as number) + Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  const total = lengths[lengths.length - 1] as number;
  const result: { point: Point; normal: Point }[] = [];
  for (let k = 0; k < count; k += 1) {
    const target = total * (from + ((to - from) * k) / Math.max(1, count - 1));
    let i = lengths.findIndex((length) => length >= target);
    if (i <= 0) i = 1;
    const a = samples[i - 1] as Point;
    const b = samples[i] as Point;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length = Math.hypot(dx, dy) || 1;
    result.push({ point: b, normal: [-dy / length, dx / length] });
  }
  return result;
}

/** A panel of the upper: its seam (stroked and stitched) and the area it covers. */
interface Panel {
  edge: string;
  region: string;
}

/** The panel whose seam runs through `seam` and whose area closes round the points `outside` it. */
const panelAlong = (seam: Point[], outside: Point[]): Panel => ({
  edge: curve(seam),
  region: region(seam, outside),
});

interface Shape {
  /** The upper without the tongue; its bottom tucks under the sole. */
  upper: string;
  tongue: string;
  /** The lining seen inside the collar. */
  opening: string;
  /** Top edge of the near side, heel to throat: padding and stitching follow it. */
  collar: string;
  /** Eyelet positions and the lace direction; empty for a slip-on. */
  eyelets: { point: Point; normal: Point }[];
  heel: Panel;
  toe: Panel;
  /** None on a slip-on. */
  eyestay: Panel | null;
  mudguard: Panel;
  ankle?: Panel;
  sole: string;
  /** The sole's bottom edge: stroked wide and clipped to the sole, it makes the outsole band. */
  soleBottom: string;
  /** A line along the sidewall of the sole. */
  soleLine: string;
  /** Where the upper meets the sole. */
  soleTop: string;
  /** Vulcanised toe bumper (on the sole). */
  bumper: string;
  bumperX: number;
  heelTop: Point;
  /** Where the toe box catches the light. */
  shine: Point;
  /** Centre of the woven label near the top of the tongue (laced shoes). */
  tongueLabel?: Point;
  /** Perforation grid origin on the toe cap. */
  perforations: Point;
  /** The side panel where the accent goes. */
  side: { x: number; y: number; w: number; h: number };
  box: { x0: number; y0: number; x1: number; y1: number };
  soleStyles: readonly SoleStyle[];
}

type SoleStyle = 'cup' | 'vulc' | 'foam';

interface SoleOutline {
  top: Point[];
  front: Point[];
  heel: Point[];
}

function soleParts(sole: SoleOutline, bottomFrom: number, bottomTo: number) {
  const top = sole.top;
  const first = top[0] as Point;
  const last = top[top.length - 1] as Point;
  return {
    sole: path(first, [top.slice(1), sole.front, [[bottomFrom, 450]], sole.heel], true),
    soleTop: curve(top.map(([x, y]) => [x, y + 2] as Point)),
    soleBottom: `M ${first[0] - 14} ${first[1] + 34} C ${first[0] - 8} 446, ${bottomFrom - 30} 450, ${bottomFrom} 450 L ${bottomTo} 450 C ${bottomTo + 50} 450, ${last[0] - 4} 444, ${last[0] + 8} ${last[1] + 30}`,
  };
}

const CUP: SoleOutline = {
  top: [
    [116, 394],
    [300, 397],
    [520, 399],
    [640, 397],
    [692, 391],
    [717, 384],
  ],
  front: [
    [727, 396],
    [723, 418],
    [698, 440],
    [640, 450],
  ],
  heel: [
    [124, 447],
    [110, 430],
    [110, 408],
    [116, 394],
  ],
};

const CUP_PARTS = {
  ...soleParts(CUP, 150, 640),
  soleLine: curve([
    [108, 418],
    [300, 420],
    [520, 421],
    [640, 419],
    [700, 410],
    [722, 402],
  ]),
  bumper: `${curve([
    [606, 398],
    [640, 397],
    [692, 391],
    [717, 384],
  ])} L 740 380 L 740 460 L 606 460 Z`,
  bumperX: 606,
};

const LOW_THROAT: Point = [324, 244];
const LOW_FRONT: Run = [
  [400, 268],
  [480, 291],
  [552, 309],
  [610, 319],
  [656, 327],
  [693, 340],
  [715, 362],
  [720, 386],
  [710, 404],
];

const LOW_TOP: Shape = {
  upper: path(
    [122, 404],
    [
      [
        [112, 350],
        [116, 300],
        [128, 266],
        [146, 254],
        [172, 257],
        [215, 272],
        [255, 280],
        [292, 268],
        [316, 250],
      ],
      [LOW_THROAT],
      LOW_FRONT,
      [[122, 406]],
    ],
    true,
  ),
  tongue: path(
    [300, 272],
    [
      [
        [303, 242],
        [315, 224],
        [336, 216],
        [355, 221],
        [362, 235],
        [353, 251],
        [342, 266],
      ],
    ],
    true,
  ),
  opening: path(
    [146, 254],
    [
      [
        [190, 243],
        [250, 240],
        [306, 228],
      ],
      [[320, 248]],
      [
        [292, 268],
        [255, 280],
        [215, 272],
        [172, 257],
        [146, 254],
      ],
    ],
    true,
  ),
  collar: curve([
    [116, 300],
    [128, 266],
    [146, 254],
    [172, 257],
    [215, 272],
    [255, 280],
    [292, 268],
    [318, 249],
  ]),
  eyelets: spread(LOW_THROAT, LOW_FRONT, 0.04, 0.44, 6),
  heel: panelAlong(
    [
      [205, 266],
      [226, 300],
      [234, 350],
      [228, 406],
    ],
    [
      [60, 406],
      [60, 200],
      [205, 200],
    ],
  ),
  toe: panelAlong(
    [
      [610, 319],
      [592, 342],
      [586, 374],
      [590, 406],
    ],
    [
      [760, 406],
      [760, 300],
      [612, 300],
    ],
  ),
  eyestay: panelAlong(
    [
      [300, 264],
      [380, 292],
      [470, 322],
      [548, 344],
      [580, 345],
      [600, 330],
    ],
    [
      [600, 200],
      [300, 200],
    ],
  ),
  mudguard: panelAlong(
    [
      [110, 370],
      [240, 364],
      [420, 378],
      [560, 376],
      [640, 366],
      [716, 358],
    ],
    [
      [760, 358],
      [760, 470],
      [60, 470],
      [60, 370],
    ],
  ),
  ...CUP_PARTS,
  heelTop: [140, 257],
  shine: [640, 352],
  tongueLabel: [334, 229],
  perforations: [628, 356],
  side: { x: 236, y: 284, w: 320, h: 108 },
  box: { x0: 104, y0: 204, x1: 728, y1: 452 },
  soleStyles: ['cup', 'cup', 'vulc'],
};

const HIGH_THROAT: Point = [322, 142];
const HIGH_FRONT: Run = [
  [360, 196],
  [420, 254],
  [490, 291],
  [556, 310],
  [612, 320],
  [658, 328],
  [694, 341],
  [715, 363],
  [720, 387],
  [710, 404],
];

const HIGH_TOP: Shape = {
  upper: path(
    [122, 404],
    [
      [
        [110, 340],
        [109, 270],
        [114, 206],
        [124, 170],
        [144, 158],
        [190, 158],
        [240, 162],
        [290, 154],
        [314, 144],
      ],
      [HIGH_THROAT],
      HIGH_FRONT,
      [[122, 406]],
    ],
    true,
  ),
  tongue: path(
    [292, 170],
    [
      [
        [296, 136],
        [309, 118],
        [332, 110],
        [352, 116],
        [359, 130],
        [350, 148],
        [336, 166],
      ],
    ],
    true,
  ),
  opening: path(
    [144, 158],
    [
      [
        [200, 147],
        [262, 143],
        [308, 126],
      ],
      [[318, 144]],
      [
        [290, 154],
        [240, 162],
        [190, 158],
        [144, 158],
      ],
    ],
    true,
  ),
  collar: curve([
    [114, 206],
    [124, 170],
    [144, 158],
    [190, 158],
    [240, 162],
    [290, 154],
    [318, 142],
  ]),
  eyelets: spread(HIGH_THROAT, HIGH_FRONT, 0.05, 0.5, 8),
  heel: panelAlong(
    [
      [186, 158],
      [198, 240],
      [236, 320],
      [244, 406],
    ],
    [
      [60, 406],
      [60, 100],
      [186, 100],
    ],
  ),
  toe: panelAlong(
    [
      [612, 320],
      [594, 344],
      [589, 377],
      [592, 406],
    ],
    [
      [760, 406],
      [760, 300],
      [614, 300],
    ],
  ),
  eyestay: panelAlong(
    [
      [292, 170],
      [348, 234],
      [424, 292],
      [500, 332],
      [560, 349],
      [590, 346],
      [606, 332],
    ],
    [
      [606, 100],
      [292, 100],
    ],
  ),
  mudguard: LOW_TOP.mudguard,
  ankle: panelAlong(
    [
      [106, 236],
      [170, 248],
      [250, 236],
      [330, 196],
    ],
    [
      [330, 90],
      [60, 90],
      [60, 236],
    ],
  ),
  ...CUP_PARTS,
  heelTop: [136, 161],
  shine: [644, 354],
  tongueLabel: [330, 124],
  perforations: [632, 358],
  side: { x: 244, y: 232, w: 316, h: 160 },
  box: { x0: 104, y0: 102, x1: 728, y1: 452 },
  soleStyles: ['cup', 'vulc'],
};

const RUN_THROAT: Point = [330, 248];
const RUN_FRONT: Run = [
  [410, 272],
  [500, 308],
  [578, 333],
  [634, 345],
  [678, 353],
  [707, 367],
  [719, 387],
  [708, 404],
];

const FOAM: SoleOutline = {
  top: [
    [110, 360],
    [250, 370],
    [450, 386],
    [620, 393],
    [680, 390],
    [718, 380],
  ],
  front: [
    [728, 394],
    [720, 414],
    [692, 434],
    [650, 448],
    [600, 450],
  ],
  heel: [
    [140, 448],
    [110, 438],
    [96, 414],
    [98, 384],
    [110, 360],
  ],
};

const RUNNER: Shape = {
  upper: path(
    [128, 380],
    [
      [
        [116, 330],
        [122, 294],
        [138, 266],
        [158, 258],
        [188, 264],
        [220, 281],
        [252, 286],
        [290, 274],
        [320, 254],
      ],
      [RUN_THROAT],
      RUN_FRONT,
      [[128, 406]],
    ],
    true,
  ),
  tongue: path(
    [300, 276],
    [
      [
        [303, 246],
        [315, 228],
        [336, 220],
        [355, 225],
        [362, 239],
        [353, 255],
        [342, 270],
      ],
    ],
    true,
  ),
  opening: path(
    [158, 258],
    [
      [
        [202, 246],
        [262, 244],
        [314, 232],
      ],
      [[324, 252]],
      [
        [290, 274],
        [252, 286],
        [220, 281],
        [188, 264],
        [158, 258],
      ],
    ],
    true,
  ),
  collar: curve([
    [122, 294],
    [138, 266],
    [158, 258],
    [188, 264],
    [220, 281],
    [252, 286],
    [290, 274],
    [322, 252],
  ]),
  eyelets: spread(RUN_THROAT, RUN_FRONT, 0.04, 0.46, 6),
  heel: panelAlong(
    [
      [180, 262],
      [214, 296],
      [226, 336],
      [214, 394],
    ],
    [
      [60, 394],
      [60, 180],
      [180, 180],
    ],
  ),
  toe: panelAlong(
    [
      [634, 345],
      [616, 362],
      [613, 388],
      [616, 406],
    ],
    [
      [760, 406],
      [760, 300],
      [636, 300],
    ],
  ),
  eyestay: panelAlong(
    [
      [304, 272],
      [390, 299],
      [480, 335],
      [566, 367],
      [598, 371],
      [614, 356],
    ],
    [
      [614, 180],
      [304, 180],
    ],
  ),
  mudguard: panelAlong(
    [
      [114, 350],
      [240, 356],
      [420, 378],
      [560, 386],
      [640, 386],
      [716, 374],
    ],
    [
      [760, 374],
      [760, 470],
      [60, 470],
      [60, 350],
    ],
  ),
  ...soleParts(FOAM, 190, 600),
  soleLine: curve([
    [100, 396],
    [180, 386],
    [250, 404],
    [330, 410],
    [420, 414],
    [480, 396],
    [560, 402],
    [640, 406],
    [716, 392],
  ]),
  bumper: '',
  bumperX: 0,
  heelTop: [150, 260],
  shine: [660, 372],
  tongueLabel: [334, 233],
  perforations: [650, 374],
  side: { x: 232, y: 284, w: 340, h: 100 },
  box: { x0: 96, y0: 208, x1: 730, y1: 452 },
  soleStyles: ['foam'],
};

const SLIP_SOLE: SoleOutline = {
  top: [
    [116, 402],
    [300, 404],
    [520, 405],
    [640, 403],
    [692, 398],
    [717, 391],
  ],
  front: [
    [727, 403],
    [723, 422],
    [698, 441],
    [640, 450],
  ],
  heel: [
    [124, 447],
    [110, 432],
    [110, 412],
    [116, 402],
  ],
};

const SLIP_COLLAR: Point[] = [
  [116, 322],
  [130, 292],
  [148, 284],
  [190, 286],
  [240, 294],
  [290, 296],
  [330, 288],
  [362, 276],
  [392, 268],
  [420, 266],
];

const SLIP_ON: Shape = {
  upper: path(
    [122, 410],
    [
      [
        [112, 362],
        ...SLIP_COLLAR,
        [470, 274],
        [540, 294],
        [604, 314],
        [654, 327],
        [692, 343],
        [714, 368],
        [719, 393],
        [709, 410],
      ],
      [[122, 412]],
    ],
    true,
  ),
  tongue: '',
  opening: path(
    [148, 284],
    [
      [
        [196, 275],
        [250, 280],
        [300, 282],
        [350, 271],
        [400, 261],
        [420, 266],
      ],
      [
        [392, 268],
        [362, 276],
        [330, 288],
        [290, 296],
        [240, 294],
        [190, 286],
        [148, 284],
      ],
    ],
    true,
  ),
  collar: curve(SLIP_COLLAR),
  eyelets: [],
  heel: panelAlong(
    [
      [204, 292],
      [222, 330],
      [228, 370],
      [222, 410],
    ],
    [
      [60, 410],
      [60, 200],
      [204, 200],
    ],
  ),
  toe: panelAlong(
    [
      [420, 266],
      [436, 316],
      [470, 368],
      [516, 412],
    ],
    [
      [760, 412],
      [760, 200],
      [420, 200],
    ],
  ),
  eyestay: null,
  mudguard: panelAlong(
    [
      [110, 378],
      [240, 374],
      [420, 386],
      [560, 386],
      [640, 380],
      [716, 372],
    ],
    [
      [760, 372],
      [760, 470],
      [60, 470],
      [60, 378],
    ],
  ),
  ...soleParts(SLIP_SOLE, 150, 640),
  soleLine: curve([
    [108, 424],
    [300, 425],
    [520, 426],
    [640, 424],
    [700, 416],
    [722, 408],
  ]),
  bumper: `${curve([
    [604, 404],
    [640, 403],
    [692, 398],
    [717, 391],
  ])} L 740 386 L 740 460 L 604 460 Z`,
  bumperX: 604,
  heelTop: [140, 287],
  shine: [630, 362],
  perforations: [620, 360],
  side: { x: 236, y: 318, w: 290, h: 80 },
  box: { x0: 104, y0: 256, x1: 728, y1: 452 },
  soleStyles: ['vulc'],
};

/** The elastic gore of a slip-on: a V at the throat. */
const GORE =
  'M 328 294 C 344 284, 364 273, 388 268 C 388 298, 380 326, 366 350 C 353 333, 339 314, 328 294 Z';
/** The top edge of a slip-on's vamp, throat to toe: a stitched binding follows it. */
const SLIP_VAMP = curve([
  [420, 266],
  [470, 274],
  [540, 294],
  [604, 314],
  [654, 327],
]);

const SHAPES: Record<Silhouette, Shape> = {
  'low-top': LOW_TOP,
  'high-top': HIGH_TOP,
  runner: RUNNER,
  'slip-on': SLIP_ON,
};

// ---------------------------------------------------------------------------------------------------
// Variation

type Stripe = 'wave' | 'dual' | 'bolt' | 'block' | 'saddle';
type Material = 'leather' | 'canvas' | 'suede' | 'mesh' | 'knit';

export interface SneakerLook {
  base: string;
  second: string;
  accent: string;
  sole: string;
  outsole: string;
  laces: string;
  lining: string;
  outline: string;
  stripe: Stripe;
  material: Material;
  soleStyle: SoleStyle;
  mudguard: boolean;
  toeCap: boolean;
  /** Degrees; the toe dips (negative) or lifts a little. */
  angle: number;
}

/** FNV-1a: a stable 32-bit hash of the slug. */
export function hashSlug(slug: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i += 1) {
    hash ^= slug.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pickOne<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length] as T;
}

const isLight = (colour: string) => luminance(colour) > 0.6;
const isDark = (colour: string) => luminance(colour) < 0.05;

/** The colours and details of one product's shoe, from its slug. */
export function lookFor(slug: string, silhouette: Silhouette, color: string): SneakerLook {
  const random = prng(hashSlug(slug));
  const base = SHOE_TONES[color as Color] ?? '#8a8f98';
  const dark = isDark(base);
  const light = isLight(base);

  const accents = ACCENTS.filter((a) => colourDistance(a, base) > 130 && contrast(a, base) > 1.5);
  const accent = pickOne(random, accents);

  const secondChoices = light
    ? ['#dcdcd7', '#d2d2cd', '#e9e2cf', '#dcdcd7', '#c6c6c1']
    : dark
      ? ['#38383d', '#2c2c30', '#4a4a50']
      : silhouette === 'high-top'
        ? // Four panels take the second tone on a high-top: keep them in the shoe's own colour.
          [shade(base, 0.3), tint(base, 0.35), shade(base, 0.45), shade(base, 0.2)]
        : [shade(base, 0.3), tint(base, 0.6), '#f4f4f2', '#1d1d1f', shade(base, 0.45), tint(base, 0.35)];
  const second = pickOne(random, secondChoices);

  const shape = SHAPES[silhouette];
  const soleStyle = pickOne(random, shape.soleStyles);
  const soleRoll = random();
  let sole: string = soleRoll < 0.55 ? SOLES.white : soleRoll < 0.8 ? SOLES.cream : SOLES.gum;
  if (dark && random() < 0.4) sole = SOLES.black;
  if (light && sole === SOLES.white && random() < 0.5) sole = SOLES.cream;
  if (soleStyle === 'foam' && sole === SOLES.gum) sole = SOLES.white;
  const outsole =
    sole === SOLES.gum
      ? shade(SOLES.gum, 0.28)
      : sole === SOLES.black
        ? '#151517'
        : pickOne(random, ['#2b2b2e', SOLES.gum, dark ? '#2b2b2e' : shade(base, 0.25)]);

  const laceRoll = random();
  const laces =
    laceRoll < 0.5
      ? dark
        ? '#2c2c30'
        : '#fafaf7'
      : laceRoll < 0.75
        ? light
          ? '#fafaf7'
          : base
        : dark
          ? '#f4f4f2'
          : '#2c2c30';

  const materials: Material[] =
    silhouette === 'runner'
      ? ['mesh', 'knit', 'mesh']
      : silhouette === 'slip-on'
        ? ['canvas', 'canvas', 'suede', 'leather']
        : ['leather', 'leather', 'suede', 'canvas'];
  const material = pickOne(random, materials);

  const stripes: Stripe[] =
    silhouette === 'slip-on'
      ? ['wave', 'dual', 'saddle', 'wave']
      : silhouette === 'runner'
        ? ['wave', 'dual', 'bolt', 'block', 'saddle']
        : ['wave', 'dual', 'bolt', 'block', 'saddle'];
  const stripe = pickOne(random, stripes);

  return {
    base,
    second,
    accent,
    sole,
    outsole,
    laces,
    lining: dark ? '#45454b' : light ? '#cfcdc4' : shade(base, 0.62),
    outline: light ? '#8d8d88' : dark ? '#000000' : shade(base, 0.55),
    stripe,
    material,
    soleStyle,
    mudguard: random() < 0.35,
    toeCap: material !== 'knit' && random() < 0.85,
    angle: -1.5 + random() * 3.5,
  };
}

// ---------------------------------------------------------------------------------------------------
// Drawing

function stripePath(kind: Stripe, box: Shape['side']): string {
  const { x, y, w, h } = box;
  const X = (f: number) => (x + w * f).toFixed(1);
  const Y = (f: number) => (y + h * f).toFixed(1);
  switch (kind) {
    case 'wave':
      // A ribbon of even width rising from the heel towards the laces.
      return `M ${X(-0.05)} ${Y(0.72)} C ${X(0.3)} ${Y(0.9)}, ${X(0.6)} ${Y(0.35)}, ${X(1.02)} ${Y(0.12)} L ${X(1.02)} ${Y(0.32)} C ${X(0.62)} ${Y(0.55)}, ${X(0.32)} ${Y(1.1)}, ${X(-0.05)} ${Y(0.92)} Z`;
    case 'dual':
      // Two slim parallel stripes along the side.
      return [0, 0.2]
        .map(
          (o) =>
            `M ${X(-0.05)} ${Y(0.58 + o)} C ${X(0.35)} ${Y(0.52 + o)}, ${X(0.7)} ${Y(0.28 + o)}, ${X(1.02)} ${Y(0.1 + o)} L ${X(1.02)} ${Y(0.2 + o)} C ${X(0.7)} ${Y(0.38 + o)}, ${X(0.35)} ${Y(0.63 + o)}, ${X(-0.05)} ${Y(0.69 + o)} Z`,
        )
        .join(' ');
    case 'bolt':
      return `M ${X(0.06)} ${Y(0.74)} L ${X(0.48)} ${Y(0.5)} L ${X(0.45)} ${Y(0.66)} L ${X(0.94)} ${Y(0.2)} L ${X(0.58)} ${Y(0.43)} L ${X(0.61)} ${Y(0.27)} Z`;
    case 'block':
      // A colour-blocked quarter panel.
      return `M ${X(0.2)} ${Y(-0.6)} C ${X(0.3)} ${Y(0.1)}, ${X(0.3)} ${Y(0.7)}, ${X(0.2)} ${Y(1.3)} L ${X(0.6)} ${Y(1.3)} C ${X(0.7)} ${Y(0.7)}, ${X(0.72)} ${Y(0.2)}, ${X(0.66)} ${Y(-0.6)} Z`;
    case 'saddle':
      // A saddle band from the laces down to the sole.
      return `M ${X(0.44)} ${Y(-0.6)} C ${X(0.5)} ${Y(0.2)}, ${X(0.42)} ${Y(0.7)}, ${X(0.32)} ${Y(1.3)} L ${X(0.48)} ${Y(1.3)} C ${X(0.58)} ${Y(0.7)}, ${X(0.64)} ${Y(0.2)}, ${X(0.6)} ${Y(-0.6)} Z`;
  }
}

/**
 * The material's surface, drawn over the whole upper (inside its clip) as a few long dashed lines:
 * librsvg renders `<pattern>` fills very slowly, dashes cost almost nothing.
 */
function texture(material: Material, base: string, top: number): string {
  const ink = isDark(base) ? '#ffffff' : '#000000';
  const rows = (step: number, offset = 0) => {
    const lines: string[] = [];
    for (let y = top + offset; y < 460; y += step) lines.push(`M 90 ${y.toFixed(1)} L 740 ${y.toFixed(1)}`);
    return lines.join(' ');
  };
  const columns = (step: number) => {
    const lines: string[] = [];
    for (let x = 90; x < 740; x += step) lines.push(`M ${x} ${top} L ${x} 460`);
    return lines.join(' ');
  };
  const group = (body: string) => `<g fill="none" stroke="${ink}">${body}</g>`;
  switch (material) {
    case 'canvas':
      // A fine weave.
      return group(
        `<path d="${rows(3)}" stroke-opacity="0.07" stroke-width="0.8"/><path d="${columns(3)}" stroke-opacity="0.035" stroke-width="0.8"/>`,
      );
    case 'mesh':
      // Staggered rows of round holes.
      return group(
        `<path d="${rows(12)}" stroke-opacity="0.2" stroke-width="2.4" stroke-linecap="round" stroke-dasharray="0 7"/>` +
          `<path d="${rows(12, 6)}" stroke-opacity="0.2" stroke-width="2.4" stroke-linecap="round" stroke-dasharray="0 7" stroke-dashoffset="3.5"/>`,
      );
    case 'knit':
      // Rows of short stitches, offset like bricks.
      return group(
        `<path d="${rows(8)}" stroke-opacity="0.13" stroke-width="2.6" stroke-linecap="round" stroke-dasharray="3 3"/>` +
          `<path d="${rows(8, 4)}" stroke-opacity="0.13" stroke-width="2.6" stroke-linecap="round" stroke-dasharray="3 3" stroke-dashoffset="3"/>`,
      );
    case 'suede':
      // An irregular nap.
      return group(
        `<path d="${rows(4.5)}" stroke-opacity="0.08" stroke-width="1.6" stroke-linecap="round" stroke-dasharray="0 5 0 9 0 6 0 11"/>` +
          `<path d="${rows(4.5, 2.2)}" stroke="#ffffff" stroke-opacity="0.08" stroke-width="1.4" stroke-linecap="round" stroke-dasharray="0 8 0 6 0 12"/>`,
      );
    case 'leather':
      // A faint grain.
      return group(
        `<path d="${rows(7)}" stroke-opacity="0.035" stroke-width="1.2" stroke-linecap="round" stroke-dasharray="2 9 4 13 1 7"/>`,
      );
  }
}

/** A lace drawn as a light cord with a darker edge. */
function cord(d: string, colour: string, width: number): string {
  const edge = isLight(colour) ? shade(colour, 0.32) : isDark(colour) ? '#000000' : shade(colour, 0.4);
  return `<path d="${d}" fill="none" stroke="${edge}" stroke-width="${width + 2.6}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function lacesAndEyelets(shape: Shape, look: SneakerLook, eyeletPanel: string): string {
  if (shape.eyelets.length === 0) return '';
  const rim = isLight(eyeletPanel) ? '#7b7b78' : isDark(eyeletPanel) ? '#8c8c90' : tint(eyeletPanel, 0.45);
  const holes: Point[] = shape.eyelets.map(({ point, normal }) => [
    point[0] + normal[0] * 14,
    point[1] + normal[1] * 14,
  ]);
  const parts: string[] = [];
  for (const [x, y] of holes) {
    parts.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4.8" fill="${rim}"/><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.5" fill="#262626"/>`,
    );
  }
  // Each lace leaves its eyelet and climbs over the tongue, leaning back towards the heel.
  for (const [i, hole] of holes.entries()) {
    if (i === 0) continue;
    const { point, normal } = shape.eyelets[i - 1] ?? { point: hole, normal: [0, 1] as Point };
    const over: Point = [
      point[0] * 0.35 + hole[0] * 0.0 + (point[0] - normal[0] * 5) * 0.65,
      point[1] - normal[1] * 5,
    ];
    parts.push(
      cord(
        `M ${fmt(hole)} Q ${fmt([(hole[0] + over[0]) / 2 + 3, (hole[1] + over[1]) / 2])} ${fmt(over)}`,
        look.laces,
        6,
      ),
    );
  }
  // A small bow at the top eyelet, tails hanging down the side.
  const top = holes[0];
  if (top) {
    const knot: Point = [top[0] + 2, top[1] - 14];
    const [kx, ky] = knot;
    parts.push(cord(`M ${fmt(top)} L ${fmt(knot)}`, look.laces, 6));
    parts.push(
      cord(
        `M ${fmt(knot)} C ${kx - 10} ${ky + 24}, ${kx - 22} ${ky + 34}, ${kx - 18} ${ky + 56}`,
        look.laces,
        5,
      ),
    );
    parts.push(
      cord(
        `M ${fmt(knot)} C ${kx + 6} ${ky + 22}, ${kx + 4} ${ky + 38}, ${kx + 12} ${ky + 52}`,
        look.laces,
        5,
      ),
    );
    parts.push(
      cord(`M ${fmt(knot)} C ${kx - 20} ${ky - 20}, ${kx - 36} ${ky - 2}, ${fmt(knot)}`, look.laces, 5.5),
    );
    parts.push(
      cord(`M ${fmt(knot)} C ${kx + 18} ${ky - 22}, ${kx + 36} ${ky - 6}, ${fmt(knot)}`, look.laces, 5.5),
    );
    const aglet = shade(look.laces === '#fafaf7' ? '#b0b0ac' : look.laces, 0.3);
    parts.push(
      `<path d="M ${kx - 18} ${ky + 54} l -1 9" stroke="${aglet}" stroke-width="5" stroke-linecap="round"/><path d="M ${kx + 12} ${ky + 50} l 4 8" stroke="${aglet}" stroke-width="5" stroke-linecap="round"/>`,
    );
    parts.push(`<circle cx="${kx}" cy="${ky}" r="4.5" fill="${look.laces}"/>`);
  }
  return parts.join('');
}

/** Everything drawn on the sole, inside the sole's clip. */
function soleDetails(shape: Shape, look: SneakerLook): string {
  const parts: string[] = [];
  const line = look.sole === SOLES.black ? '#4a4a50' : shade(look.sole, 0.2);
  const accentOnSole = look.accent === '#ffffff' || look.accent === look.sole ? look.second : look.accent;
  if (look.soleStyle === 'foam') {
    // Sculpted foam: a flowing lower layer and a contrast heel insert.
    parts.push(
      `<path d="${shape.soleLine} L 740 470 L 80 470 Z" fill="${shade(look.sole, 0.06)}"/>`,
      `<path d="${shape.soleLine}" fill="none" stroke="${line}" stroke-width="2"/>`,
      `<path d="M 90 372 C 150 366, 220 378, 262 398 C 230 418, 170 428, 100 430 Z" fill="${accentOnSole}" stroke="${shade(accentOnSole, 0.3)}" stroke-width="1.5"/>`,
    );
  }
  // Outsole band with tread.
  const tread: string[] = [];
  for (let x = 150; x < 640; x += 13) tread.push(`M ${x} 451 L ${x + 5} 444`);
  parts.push(
    `<path d="${shape.soleBottom}" fill="none" stroke="${look.outsole}" stroke-width="${look.soleStyle === 'foam' ? 20 : 16}"/>`,
    `<path d="${tread.join(' ')}" stroke="${isDark(look.outsole) ? '#000' : shade(look.outsole, 0.35)}" stroke-opacity="0.7" stroke-width="2.6"/>`,
  );
  if (look.soleStyle === 'cup') {
    parts.push(
      `<path d="${shape.soleLine}" fill="none" stroke="${line}" stroke-width="2.2"/>`,
      `<path d="${shape.soleTop}" transform="translate(0 9)" fill="none" stroke="${shade(look.sole, 0.35)}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    );
  } else if (look.soleStyle === 'vulc') {
    const foxing = look.sole === SOLES.gum ? shade(SOLES.gum, 0.3) : accentOnSole;
    parts.push(
      `<path d="${shape.soleLine}" transform="translate(0 -10)" fill="none" stroke="${foxing}" stroke-width="4"/>`,
      `<path d="${shape.soleLine}" transform="translate(0 -4)" fill="none" stroke="${line}" stroke-width="1.2"/>`,
    );
    if (shape.bumper) {
      // The toe bumper: a seam and fine horizontal ribs, in front of the seam only.
      const ribs: string[] = [];
      for (let y = 396; y < 440; y += 5) ribs.push(`M ${shape.bumperX + 30} ${y} L 740 ${y}`);
      parts.push(
        `<path d="M ${shape.bumperX} 380 L ${shape.bumperX} 446" stroke="${line}" stroke-width="1.6"/>`,
        `<path d="${ribs.join(' ')}" stroke="${line}" stroke-opacity="0.45" stroke-width="1.1"/>`,
      );
    }
  }
  parts.push(`<rect x="80" y="340" width="660" height="120" fill="url(#soleShade)"/>`);
  return parts.join('');
}

/** A small woven label on the tongue: a blank tab with a stitched border, no lettering. */
function tongueLabel([x, y]: Point, accent: string, base: string): string {
  const fill = colourDistance(accent, base) > 160 ? accent : isLight(base) ? '#1d1d1f' : '#f4f4f2';
  const edge = isLight(fill) ? '#9a9a95' : shade(fill, 0.4);
  return (
    `<g transform="rotate(-16 ${x} ${y})"><rect x="${x - 11}" y="${y - 7}" width="22" height="14" rx="2.5" fill="${fill}" stroke="${edge}" stroke-width="1.3"/>` +
    `<rect x="${x - 7.5}" y="${y - 3.5}" width="15" height="7" rx="1.5" fill="none" stroke="${isLight(fill) ? '#8a8a86' : tint(fill, 0.45)}" stroke-width="1" stroke-dasharray="2 1.6"/></g>`
  );
}

/** Perforations on a leather toe cap, kept in front of the toe seam. */
function perforations(shape: Shape, fill: string): string {
  const [x0, y0] = shape.perforations;
  const dots: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 6; col += 1) {
      dots.push(`<circle cx="${x0 + col * 11 + (row % 2) * 5.5}" cy="${y0 + row * 9}" r="1.8"/>`);
    }
  }
  const ink = isDark(fill) ? '#000' : shade(fill, 0.6);
  return `<g fill="${ink}" fill-opacity="0.45">${dots.join('')}</g>`;
}

export interface SneakerArt {
  slug: string;
  silhouette: Silhouette;
  /** One of the catalogue's colours; anything else is drawn in a neutral grey. */
  color: string;
}

/**
 * The whole picture as SVG, `width` x `height` pixels (4:3).
 *
 * Rendering cost matters (the seed draws 375 pictures on a small machine): librsvg builds a full-size
 * mask for every clip-path use, so everything on the upper shares one clipped group, everything on the
 * sole another, and shadows are gradients rather than blur filters.
 */
export function sneakerSvg(
  art: SneakerArt,
  width = 1600,
  height = 1200,
  /** false: the shoe alone on a transparent ground, without the studio backdrop and floor shadow. */
  backdrop = true,
): string {
  const shape = SHAPES[art.silhouette];
  const look = lookFor(art.slug, art.silhouette, art.color);
  const light = isLight(look.base);
  const dark = isDark(look.base);

  // Centre the shoe at 84% of the width.
  const boxW = shape.box.x1 - shape.box.x0;
  const boxH = shape.box.y1 - shape.box.y0;
  const scale = Math.min((800 * 0.84) / boxW, (600 * 0.74) / boxH);
  const tx = 400 - ((shape.box.x0 + shape.box.x1) / 2) * scale;
  const ty = 300 - ((shape.box.y0 + shape.box.y1) / 2) * scale;

  const background = light ? '#e4e4df' : mix('#f2f2ef', look.base, 0.05);
  const backgroundEdge = light ? '#d5d5cf' : mix('#e2e2de', look.base, 0.08);
  const stitchOn = (fill: string) =>
    isLight(fill) ? '#9f9f9a' : isDark(fill) ? '#77777d' : tint(fill, luminance(fill) > 0.3 ? -0.2 : 0.55);
  const seam = light ? '#a5a5a0' : dark ? '#505057' : shade(look.base, 0.42);
  const soleOutline = look.sole === SOLES.black ? '#000000' : shade(look.sole, 0.38);
  const accent = look.accent;
  const accentEdge = isLight(accent) ? '#a9a9a4' : shade(accent, 0.4);
  const dashed = (d: string, colour: string, shift = '0 0', width = 1.4) =>
    `<path d="${d}" transform="translate(${shift})" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="4.5 3.5"/>`;

  /** A panel on the upper (drawn inside the upper's clip): fill, material, seam and stitches. */
  const panel = ({ region, edge }: Panel, fill: string, shift: string) =>
    `<path d="${region}" fill="${fill}"/>` +
    `<path d="${edge}" fill="none" stroke="${seam}" stroke-width="2"/>${dashed(edge, stitchOn(fill), shift)}`;

  const [hx, hy] = shape.heelTop;
  const tab = `M ${hx - 4} ${hy + 16} L ${hx - 12} ${hy - 16} Q ${hx - 13} ${hy - 24}, ${hx - 5} ${hy - 24} L ${hx + 8} ${hy - 24} Q ${hx + 15} ${hy - 24}, ${hx + 14} ${hy - 16} L ${hx + 14} ${hy + 16} Z`;
  const pullTab =
    art.silhouette === 'runner' || art.silhouette === 'high-top'
      ? `<path d="${tab}" fill="${accent}" stroke="${accentEdge}" stroke-width="1.8" stroke-linejoin="round"/>` +
        `<path d="M ${hx - 6} ${hy + 6} L ${hx - 8} ${hy - 14} L ${hx + 10} ${hy - 14} L ${hx + 10} ${hy + 6}" fill="none" stroke="${isLight(accent) ? '#8a8a86' : tint(accent, 0.45)}" stroke-width="1.2" stroke-dasharray="3 2.5"/>`
      : '';
  const heelTab =
    art.silhouette === 'low-top' || art.silhouette === 'slip-on'
      ? `<path d="M ${hx - 40} ${hy - 10} L ${hx + 8} ${hy - 10} C ${hx + 6} ${hy + 20}, ${hx} ${hy + 40}, ${hx - 10} ${hy + 60} L ${hx - 40} ${hy + 60} Z" fill="${accent}" stroke="${accentEdge}" stroke-width="1.6"/>` +
        `<path d="M ${hx + 1} ${hy - 2} C ${hx - 1} ${hy + 20}, ${hx - 7} ${hy + 38}, ${hx - 16} ${hy + 56}" fill="none" stroke="${stitchOn(accent)}" stroke-width="1.3" stroke-dasharray="4 3"/>`
      : '';

  const accentPath = stripePath(look.stripe, shape.side);
  const toeFill = art.silhouette === 'slip-on' ? look.base : look.second;
  const [sx, sy] = shape.shine;
  const onUpper = [
    `<path d="${shape.upper}" fill="${look.base}"/>`,
    look.mudguard ? panel(shape.mudguard, look.second, '0 7') : '',
    // The side accent, edged, with a row of stitches just inside its outline.
    `<path d="${accentPath}" fill="${accent}" stroke="${accentEdge}" stroke-width="1.8"/>`,
    `<path d="${accentPath}" fill="none" stroke="${stitchOn(accent)}" stroke-width="1.2" stroke-dasharray="4 3" stroke-opacity="0.8" transform="translate(0 1.5)"/>`,
    look.toeCap || art.silhouette === 'slip-on' ? panel(shape.toe, toeFill, '7 0') : '',
    look.toeCap && look.material === 'leather' && art.silhouette !== 'slip-on'
      ? perforations(shape, look.second)
      : '',
    shape.ankle ? panel(shape.ankle, look.second, '0 -7') : '',
    panel(shape.heel, look.second, '-7 0'),
    shape.eyestay ? panel(shape.eyestay, look.second, '0 -7') : '',
    heelTab,
    art.silhouette === 'slip-on'
      ? dashed(SLIP_VAMP, stitchOn(look.base), '0 8', 1.3) +
        `<path d="${GORE}" fill="${dark ? '#2a2a2e' : shade(look.base, 0.35)}" stroke="${look.outline}" stroke-width="1.8" stroke-linejoin="round"/>` +
        `<path d="${Array.from({ length: 12 }, (_, i) => `M ${331 + i * 5} ${292 - i * 2} L ${340 + i * 2} ${320 + (i < 7 ? i * 4 : (11 - i) * 4)}`).join(' ')}" stroke="${dark ? '#fff' : '#000'}" stroke-opacity="0.22" stroke-width="1.5"/>`
      : '',
    texture(look.material, look.base, shape.box.y0),
    // Collar padding: a rolled band along the top edge, its seam and stitches.
    `<path d="${shape.collar}" fill="none" stroke="${light ? '#e6e5e0' : dark ? '#2c2c30' : tint(look.second, 0.1)}" stroke-width="18"/>`,
    `<path d="${shape.collar}" transform="translate(0 9)" fill="none" stroke="${seam}" stroke-width="1.6"/>`,
    dashed(shape.collar, stitchOn(look.base), '0 14', 1.3),
    dashed(shape.soleTop, stitchOn(look.mudguard ? look.second : look.base), '0 -8', 1.3),
    // Light and shade.
    `<rect x="60" y="80" width="700" height="380" fill="url(#upperShade)"/>`,
    `<rect x="${shape.box.x0}" y="80" width="${boxW}" height="380" fill="url(#endShade)"/>`,
    `<ellipse cx="${sx}" cy="${sy}" rx="58" ry="13" fill="url(#shine)" transform="rotate(14 ${sx} ${sy})"/>`,
  ];

  const shoe = [
    // Behind the upper: lining, tongue, pull tab.
    `<path d="${shape.opening}" fill="${look.lining}" stroke="${look.outline}" stroke-width="2" stroke-linejoin="round"/>`,
    `<path d="${shape.opening}" fill="url(#liningShade)"/>`,
    shape.tongue
      ? `<path d="${shape.tongue}" fill="${look.material === 'knit' ? look.base : look.second}" stroke="${look.outline}" stroke-width="2.2" stroke-linejoin="round"/><path d="${shape.tongue}" fill="url(#upperShade)"/>`
      : '',
    pullTab,
    shape.tongueLabel ? tongueLabel(shape.tongueLabel, accent, look.base) : '',
    `<g clip-path="url(#upperClip)">${onUpper.join('')}</g>`,
    `<path d="${shape.upper}" fill="none" stroke="${look.outline}" stroke-width="2.4" stroke-linejoin="round"/>`,
    lacesAndEyelets(shape, look, shape.eyestay ? look.second : look.base),
    `<path d="${shape.sole}" fill="${look.sole}"/>`,
    `<g clip-path="url(#soleClip)">${soleDetails(shape, look)}</g>`,
    `<path d="${shape.sole}" fill="none" stroke="${soleOutline}" stroke-width="2.2" stroke-linejoin="round"/>`,
  ];

  const defs = [
    // A studio sweep: light at the top, a little deeper towards the floor. (Linear: a radial gradient
    // over the whole canvas costs librsvg ten times more.)
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(background, 0.55)}"/><stop offset="0.62" stop-color="${background}"/><stop offset="1" stop-color="${backgroundEdge}"/></linearGradient>`,
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.26"/><stop offset="0.55" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="contact" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.38"/><stop offset="0.7" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="upperShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${dark ? 0.12 : 0.2}"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${light ? 0.08 : 0.18}"/></linearGradient>`,
    `<linearGradient id="endShade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.15"/><stop offset="0.16" stop-color="#000" stop-opacity="0"/><stop offset="0.86" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.13"/></linearGradient>`,
    `<linearGradient id="liningShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
    `<radialGradient id="shine" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="${dark ? 0.2 : light ? 0.6 : 0.38}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="soleShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.1"/></linearGradient>`,
    `<clipPath id="upperClip"><path d="${shape.upper}"/></clipPath>`,
    `<clipPath id="soleClip"><path d="${shape.sole}"/></clipPath>`,
  ];

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600">
<defs>${defs.join('\n')}</defs>
${backdrop ? '<rect width="800" height="600" fill="url(#bg)"/>' : ''}
<g transform="translate(${tx.toFixed(2)} ${ty.toFixed(2)}) scale(${scale.toFixed(4)})">
${backdrop ? '<ellipse cx="414" cy="452" rx="340" ry="26" fill="url(#floor)"/><ellipse cx="412" cy="450" rx="300" ry="8" fill="url(#contact)"/>' : ''}
<g transform="rotate(${look.angle.toFixed(2)} 410 450)">
${shoe.join('\n')}
</g>
</g>
</svg>`;
}
