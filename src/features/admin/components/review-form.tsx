import { useId, useState, type FormEvent } from 'react';
import {
  REVIEW_SECTION_KEYS,
  reviewFormErrors,
  type ModelOption,
  type ReviewDraft,
  type ReviewFormErrors,
} from '@/data/admin';
import { Button, Field, Input, Select, Switch } from '@/shared/ui';

const SECTION_LABELS: Record<(typeof REVIEW_SECTION_KEYS)[number], string> = {
  driving: 'Driving',
  interior: 'Interior',
  practicality: 'Practicality',
  running_costs: 'Running costs',
  safety: 'Safety',
};

export const emptyDraft = (): ReviewDraft => ({
  car_model_id: '',
  author: 'Motorly Expert Team',
  title: '',
  cs_score: 7,
  verdict: '',
  pros: [],
  cons: [],
  sections: { driving: '', interior: '', practicality: '', running_costs: '', safety: '' },
  published: false,
});

const lines = (text: string) => text.split('\n');

/** The review form (model, title, score, verdict, pros, cons, sections) with validation and a preview. */
export function ReviewForm({
  initial,
  models,
  submitLabel,
  onSubmit,
}: {
  initial: ReviewDraft;
  models: ModelOption[];
  submitLabel: string;
  onSubmit: (draft: ReviewDraft) => Promise<void>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ReviewFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = reviewFormErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit(draft);
    } finally {
      setBusy(false);
    }
  };
  const model = models.find((m) => m.id === draft.car_model_id);
  return (
    <div className="admin-review-editor">
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Review">
        <Field label="Model" error={errors.car_model_id}>
          <Select
            id={`${id}-model`}
            value={draft.car_model_id}
            placeholder="Choose a model"
            options={models.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(e) => set('car_model_id', e.target.value)}
          />
        </Field>
        <Field label="Title" error={errors.title}>
          <Input id={`${id}-title`} value={draft.title} onChange={(e) => set('title', e.target.value)} />
        </Field>
        <Field label="Author" error={errors.author}>
          <Input id={`${id}-author`} value={draft.author} onChange={(e) => set('author', e.target.value)} />
        </Field>
        <Field label="Score (0–10)" error={errors.cs_score}>
          <Input
            id={`${id}-score`}
            type="number"
            min={0}
            max={10}
            step={0.1}
            value={Number.isFinite(draft.cs_score) ? draft.cs_score : ''}
            onChange={(e) => set('cs_score', e.target.value === '' ? NaN : Number(e.target.value))}
          />
        </Field>
        <Field label="Verdict" error={errors.verdict}>
          <textarea
            id={`${id}-verdict`}
            className="input"
            value={draft.verdict}
            onChange={(e) => set('verdict', e.target.value)}
          />
        </Field>
        <Field label="Pros" hint="One per line." error={errors.pros}>
          <textarea
            id={`${id}-pros`}
            className="input"
            value={draft.pros.join('\n')}
            onChange={(e) => set('pros', lines(e.target.value))}
          />
        </Field>
        <Field label="Cons" hint="One per line." error={errors.cons}>
          <textarea
            id={`${id}-cons`}
            className="input"
            value={draft.cons.join('\n')}
            onChange={(e) => set('cons', lines(e.target.value))}
          />
        </Field>
        {REVIEW_SECTION_KEYS.map((k) => (
          <Field key={k} label={SECTION_LABELS[k]} error={k === 'driving' ? errors.sections : undefined}>
            <textarea
              id={`${id}-${k}`}
              className="input"
              value={draft.sections[k]}
              onChange={(e) => set('sections', { ...draft.sections, [k]: e.target.value })}
            />
          </Field>
        ))}
        <Switch checked={draft.published} onCheckedChange={(v) => set('published', v)} label="Published" />
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
      </form>
      <aside className="admin-preview" aria-label="Preview">
        <p className="admin-muted">Preview</p>
        <h2>{draft.title || 'Untitled review'}</h2>
        <p className="admin-muted">
          {model?.name ?? 'No model chosen'} · {draft.author} ·{' '}
          {Number.isFinite(draft.cs_score) ? draft.cs_score.toFixed(1) : '–'}/10
        </p>
        <p>{draft.verdict}</p>
        {(['pros', 'cons'] as const).map((key) =>
          draft[key].some((p) => p.trim()) ? (
            <div key={key}>
              <h3>{key === 'pros' ? 'Pros' : 'Cons'}</h3>
              <ul>
                {draft[key]
                  .filter((p) => p.trim())
                  .map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
              </ul>
            </div>
          ) : null,
        )}
        {REVIEW_SECTION_KEYS.filter((k) => draft.sections[k].trim()).map((k) => (
          <section key={k}>
            <h3>{SECTION_LABELS[k]}</h3>
            <p>{draft.sections[k]}</p>
          </section>
        ))}
      </aside>
    </div>
  );
}
