// The AI 2026 roadmap screen (SPEC §2 /ai-2026).
export { RoadmapScreen } from './components/roadmap-screen';
export { ROADMAP_FEATURES, type RoadmapFeature } from './roadmap-features';
