// The auth feature's second entry: its screens, for their lazily loaded routes. They stay out of index.ts,
// whose light surface loads with the first paint (the screens bring auth.css and the Supabase-backed actions).
export { AuthScreen } from './components/auth-screen';
export { PasswordResetScreen } from './components/password-reset-screen';
