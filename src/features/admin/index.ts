export { AdminErrorsScreen } from './components/admin-errors-screen';
export { AdminReviewsScreen } from './components/admin-reviews-screen';
export { AdminReviewEditorScreen } from './components/admin-review-editor-screen';
export { AdminDashboardScreen } from './components/admin-dashboard-screen';
export { AdminSecurityScreen } from './components/admin-security-screen';
