// The tech demo (SPEC §2 /tech-demo): outbox, sync log, realtime feed, storage and an offline switch.
export { TechDemoScreen } from './components/tech-demo-screen';
