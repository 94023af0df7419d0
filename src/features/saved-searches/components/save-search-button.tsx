import { useState, type FormEvent } from 'react';
import { savedSearchWrites, SavedSearchError, validateSavedSearchName } from '@/data/saved-searches';
import { Button, Dialog, DialogFormFooter, Field, Input, toast } from '@/shared/ui';

/** 'Save this search': names the marketplace search in `query` and saves it (offline too). */
export function SaveSearchButton({ query }: { query: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSavedSearchName(name);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      await savedSearchWrites.create(name, query);
      toast({
        title: 'Search saved',
        description: `We'll tell you about new cars that match "${name.trim()}".`,
        variant: 'success',
      });
      setName('');
      close();
    } catch (err) {
      if (err instanceof SavedSearchError) setError(err.message);
      else toast({ title: 'Error', description: 'Failed to save this search.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Save this search
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => !o && close()}
        title="Save this search"
        description="Get a notification when a new car matches these filters."
      >
        <form className="ss-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field label="Name" error={error}>
            <Input
              value={name}
              maxLength={120}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              placeholder="e.g. Family SUV under £20,000"
              data-testid="saved-search-name"
            />
          </Field>
          <DialogFormFooter onCancel={close} saving={saving} submitLabel="Save search" />
        </form>
      </Dialog>
    </>
  );
}
