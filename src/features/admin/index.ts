export { AdminErrorsScreen } from './components/admin-errors-screen';
