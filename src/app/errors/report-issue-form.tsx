import { useState } from 'react';
import { Button, Field, FlagIcon } from '@/shared/ui';

export const REPORT_COMMENT_MAX = 1000;

interface Props {
  onSend: (comment: string) => Promise<void>;
}

/** 'Report Issue': the user's own words (optional) go with the error report. */
export function ReportIssueForm({ onSend }: Props) {
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <form
      className="app-error__report"
      onSubmit={(e) => {
        e.preventDefault();
        setSending(true);
        void onSend(comment).finally(() => setSending(false));
      }}
    >
      <Field label="What were you doing when this happened? (optional)">
        <textarea
          value={comment}
          maxLength={REPORT_COMMENT_MAX}
          rows={3}
          onChange={(e) => setComment(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="primary" disabled={sending} icon={<FlagIcon size={18} />}>
        Send Report
      </Button>
    </form>
  );
}
