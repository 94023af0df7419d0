// Opening hours, a rating breakdown and customer reviews for a dealer, generated from its id so every
// device shows the same profile (the seed data has no hours or review texts).

export interface OpeningHours {
  days: string;
  hours: string;
}

export interface DealerReview {
  author: string;
  stars: number;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  title: string;
  text: string;
}

export interface DealerProfile {
  hours: OpeningHours[];
  average: number;
  reviewCount: number;
  /** Counts of 5, 4, 3, 2 and 1 star reviews, in that order. */
  breakdown: [number, number, number, number, number];
  reviews: DealerReview[];
}

/** FNV-1a hash then a mulberry32 stream: small, fast and the same on every device. */
function seeded(id: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

const WEEKDAY = ['08:30 to 18:00', '09:00 to 18:00', '09:00 to 19:00', '08:30 to 17:30'] as const;
const SATURDAY = ['09:00 to 17:00', '09:00 to 16:00', '08:30 to 17:00'] as const;
const SUNDAY = ['Closed', '10:00 to 16:00', '11:00 to 16:00', 'Closed'] as const;

const NAMES = [
  'Sarah',
  'James',
  'Priya',
  'Tom',
  'Aisha',
  'Gareth',
  'Emma',
  'Mohammed',
  'Rhiannon',
  'Callum',
  'Joanne',
  'Dev',
  'Fiona',
  'Liam',
];
const INITIALS = 'ABCDGHJKLMNPRSTW';

const PRAISE: readonly (readonly [string, string])[] = [
  [
    'Easy from start to finish',
    'Reserved online, collected on Saturday. The car was exactly as described and had been valeted properly.',
  ],
  [
    'Honest about the car',
    'They pointed out a scuff on the rear bumper before I asked and knocked a bit off. No pressure at all.',
  ],
  ['Great part exchange', 'Fair offer on my old car and the finance paperwork was done in under an hour.'],
  [
    'Helpful after the sale',
    'A warning light came on in the first week; they booked it in the next day and sorted it free of charge.',
  ],
  ['Good test drive', 'Let me take it on the motorway and around town for a proper feel. Handover was thorough.'],
];
const MIXED: readonly (readonly [string, string])[] = [
  ['Good car, slow paperwork', 'Happy with the car but the V5C and service book took two chases to arrive.'],
  ['Fine, a little rushed', 'Price was fair. The handover felt hurried and one key was missing its battery.'],
];
const POOR: readonly (readonly [string, string])[] = [
  [
    'Not as described',
    'The advert said full service history; two stamps were missing. They did refund the difference in the end.',
  ],
  ['Hard to get hold of', 'Took several calls to arrange a viewing and nobody rang back when promised.'],
];

/** Spreads `total` reviews over 5..1 stars so that their average rounds to `average` (1 decimal). */
function spread(total: number, average: number): DealerProfile['breakdown'] {
  const weights = [5, 4, 3, 2, 1].map((k) => Math.exp(-((k - average) ** 2) / 0.8));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.round((w / sum) * total));
  // Rounding can miss the total by one or two: the biggest bucket absorbs it.
  const top = counts.indexOf(Math.max(...counts));
  counts[top] += total - counts.reduce((a, b) => a + b, 0);
  const mean = () =>
    counts.reduce((a, c, i) => a + c * (5 - i), 0) /
    Math.max(
      1,
      counts.reduce((a, b) => a + b, 0),
    );
  for (let guard = 0; guard < total * 4 && Math.abs(mean() - average) >= 0.05; guard++) {
    if (mean() < average) {
      const from = [4, 3, 2, 1].find((i) => counts[i] > 0);
      if (from === undefined) break;
      counts[from]--;
      counts[from - 1]++;
    } else {
      const from = [0, 1, 2, 3].find((i) => counts[i] > 0);
      if (from === undefined) break;
      counts[from]--;
      counts[from + 1]++;
    }
  }
  return counts as DealerProfile['breakdown'];
}

function starsFor(rand: () => number, breakdown: DealerProfile['breakdown']): number {
  const total = breakdown.reduce((a, b) => a + b, 0);
  let r = rand() * total;
  for (let i = 0; i < 5; i++) {
    r -= breakdown[i];
    if (r < 0) return 5 - i;
  }
  return 5;
}

/** The dealer's generated profile; `rating` is the dealer's own average (a default when it has none). */
export function dealerProfile(dealerId: string, rating: number | null): DealerProfile {
  const rand = seeded(dealerId);
  const average = Math.round(Math.min(5, Math.max(1, rating ?? 3.5 + rand() * 1.4)) * 10) / 10;
  const hours: OpeningHours[] = [
    { days: 'Monday to Friday', hours: pick(rand, WEEKDAY) },
    { days: 'Saturday', hours: pick(rand, SATURDAY) },
    { days: 'Sunday', hours: pick(rand, SUNDAY) },
  ];
  const reviewCount = 40 + Math.floor(rand() * 360);
  const breakdown = spread(reviewCount, average);
  const used = new Set<string>();
  const reviews: DealerReview[] = [];
  for (let i = 0; i < 4; i++) {
    const stars = starsFor(rand, breakdown);
    const pool = stars >= 4 ? PRAISE : stars === 3 ? MIXED : POOR;
    const [title, text] = pool.find((p) => !used.has(p[0])) ?? pick(rand, pool);
    used.add(title);
    // Newest first, a few weeks apart, before a fixed day so the text never depends on the clock.
    const day = new Date(Date.UTC(2026, 10, 1) - (i * 23 + Math.floor(rand() * 20)) * 86_400_000);
    reviews.push({
      author: `${pick(rand, NAMES)} ${pick(rand, INITIALS.split(''))}.`,
      stars,
      date: day.toISOString().slice(0, 10),
      title,
      text,
    });
  }
  return { hours, average, reviewCount, breakdown, reviews };
}
