import { useState } from 'react';
import { toast } from './toast-store';

/** What a successful action says: the title and description of its success toast. */
export interface SuccessMessage {
  title: string;
  description: string;
}

/**
 * A save-style action: `busy` while it runs, then a success toast with the message it returns, or an
 * 'Error' toast with `failure` when it throws.
 */
export function useToastedAction(): [
  busy: boolean,
  run: (action: () => Promise<SuccessMessage>, failure: string) => Promise<void>,
] {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<SuccessMessage>, failure: string) => {
    setBusy(true);
    try {
      toast({ ...(await action()), variant: 'success' });
    } catch {
      toast({ title: 'Error', description: failure, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
