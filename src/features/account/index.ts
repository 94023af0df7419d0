// The /account page's own parts (the route combines them with auth, notifications and saved searches).
export { ProfileCard } from './components/profile-card';
export { validateProfile } from './profile-validation';
