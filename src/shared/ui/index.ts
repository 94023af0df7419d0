// The design system's public surface. Styles load once from main.tsx (tokens, base, components).
export { cx } from './cx';
export { Button, ButtonLink, buttonClass, type ButtonProps, type ButtonVariant } from './button';
export { Card, CardTitle, CardDescription } from './card';
export { Badge, formatCount, type BadgeVariant } from './badge';
export { Input } from './input';
export { Field } from './field';
export { Select, type SelectOption } from './select';
export { Switch } from './switch';
export { Dialog, DialogFormFooter, Sheet } from './dialog';
export { Spinner, LoadingBlock } from './spinner';
export { Skeleton } from './skeleton';
export { EmptyState, SignInPage } from './empty-state';
export { PageHeader } from './page-header';
export { Toaster } from './toaster';
export { toast, notify, dismissToast, type ToastInput, type ToastVariant } from './toast-store';
export { useToastedAction, type SuccessMessage } from './use-toasted-action';
export * from './icons';
export { VirtualGrid, VIRTUAL_FROM, VIRTUAL_SWITCH_KEY, columnsFor } from './virtual-grid';
