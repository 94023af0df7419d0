// The AI 2026 roadmap (SPEC §3 "Roadmap feature", §9: progress 15-95; implemented: voice,
// behavioural learning, security). Texts say what Motorly does today and what is still to come.

export interface RoadmapFeature {
  id: string;
  name: string;
  description: string;
  implemented: boolean;
  /** Per cent done, 15 to 95. */
  progress: number;
  /** Depends on technology that is not mainstream yet. */
  futuristic: boolean;
}

export const ROADMAP_FEATURES: readonly RoadmapFeature[] = [
  {
    id: 'voice',
    name: 'Voice search',
    description:
      'Say what you are after (“a seven-seat hybrid under £30,000 near Leeds”) and AI Search turns it into filters. ' +
      'Speech recognition is your browser’s own; Motorly only receives the words it heard.',
    implemented: true,
    progress: 90,
    futuristic: false,
  },
  {
    id: 'behavioural-learning',
    name: 'Behavioural learning',
    description:
      'Recommendations learn from your searches, bookmarks and questionnaire answers (basic details 20%, ' +
      'preferences 30%, behaviour 50%). You can see what is used, and switch it off, in Privacy settings.',
    implemented: true,
    progress: 85,
    futuristic: false,
  },
  {
    id: 'security',
    name: 'Security and privacy by design',
    description:
      'Row-level security on every table, rate limits on sign-in, sign-up and enquiries, consent before analytics, ' +
      'and self-service download or deletion of everything we hold about you.',
    implemented: true,
    progress: 95,
    futuristic: false,
  },
  {
    id: 'price-forecast',
    name: 'Used-price forecasts',
    description:
      'A 12-month value forecast on each listing, trained on the price history of similar cars on UK forecourts, ' +
      'so you can see whether to buy now or wait.',
    implemented: false,
    progress: 45,
    futuristic: false,
  },
  {
    id: 'ev-journey-planner',
    name: 'EV journey fit',
    description:
      'Checks an electric car against your regular UK journeys: real-world range in winter, public charging on ' +
      'the way and what each trip would cost in pence per mile.',
    implemented: false,
    progress: 35,
    futuristic: false,
  },
  {
    id: 'finance-assistant',
    name: 'Finance explainer',
    description:
      'The AI assistant compares PCP, HP and personal loans for a listing in plain English, using the figures the ' +
      'dealer quotes and the FCA’s representative APR rules.',
    implemented: false,
    progress: 30,
    futuristic: false,
  },
  {
    id: 'ar-walkaround',
    name: 'AR walkaround',
    description:
      'Place a life-size car on your driveway through your phone’s camera to check it fits the space and the garage ' +
      'door before you travel to see it.',
    implemented: false,
    progress: 20,
    futuristic: true,
  },
  {
    id: 'negotiation-agent',
    name: 'Dealer negotiation agent',
    description:
      'An agent that, with your say-so, asks several dealers for their best price on the same spec and shows you ' +
      'the answers side by side. It never commits you to anything.',
    implemented: false,
    progress: 15,
    futuristic: true,
  },
];
