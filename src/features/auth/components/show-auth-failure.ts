import { toast } from '@/shared/ui';
import { authErrorMessage } from '../auth-errors';

/** Shows a failed auth call as the form's alert and as a toast, in the spec's words. */
export function showAuthFailure(err: unknown, setErrors: (errors: { form: string }) => void): void {
  const message = authErrorMessage(err);
  setErrors({ form: message });
  toast({ title: message, variant: 'destructive' });
}
