import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AI_RANK_OPTIONS, useAssistantData } from '@/data/catalogue';
import { answerQuestion, type Answer, type AssistantContext } from '@/domain/ai/assistant';
import { createQueryParser } from '@/domain/ai/parser';
import { rephraseRequest } from '@/domain/ai/rephrase';
import { aiRephraseEnabled, rephraseGroundedAnswer } from './api/ai-rephrase';
import { href } from '@/shared/lib/routes';
import { Button, InfoIcon, LoadingBlock, PageHeader, SparkIcon } from '@/shared/ui';
import { useScrollToAnswer } from './use-scroll-to-answer';
import { useVoiceInput } from './use-voice-input';
import './ai-assistant.css';

interface Turn {
  id: number;
  question: string;
  answer: Answer | null;
}

const PROMPTS = [
  'Which is cheaper to run, a VW Golf or a Toyota Corolla?',
  'Compare the Kia Sportage and Nissan Qashqai',
  'Boot space of the Skoda Octavia Estate',
  'Best EV for long motorway trips under £35k',
];

export function AiAssistantScreen() {
  const [params] = useSearchParams();
  const listingId = params.get('listing');
  const data = useAssistantData();
  const parse = useMemo(() => (data ? createQueryParser(data.catalogue.vocabulary) : undefined), [data]);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [text, setText] = useState('');
  const nextId = useRef(1);

  const ask = useCallback(
    async (question: string) => {
      const q = question.trim();
      if (!q || !data || !parse) return;
      const id = nextId.current++;
      // Follow-ups refer to the cars of the last answer ("which is cheaper to run?") and refine the last search.
      const answered = turns.map((t) => t.answer).filter((a): a is Answer => a !== null);
      const last = answered.at(-1);
      const lastSearch = answered.findLast((a) => a.search)?.search;
      const previous = last && { ...last, search: last.search ?? lastSearch };
      setTurns((ts) => [...ts, { id, question: q, answer: null }]);
      setText('');
      const ctx: AssistantContext = {
        parse,
        models: data.models,
        rankOptions: AI_RANK_OPTIONS,
        profile: data.profile,
        listingVerdict: data.listingVerdict,
        listingId,
      };
      const grounded = await answerQuestion(q, ctx, previous).catch((): Answer => ({
        text: 'Sorry, something went wrong working that out. Please try again.',
        cars: [],
        known: false,
      }));
      // The optional server model may only reword a grounded answer; it falls back to this text on any failure.
      const answer =
        grounded.known && aiRephraseEnabled()
          ? {
              ...grounded,
              text: await rephraseGroundedAnswer(
                rephraseRequest(
                  grounded.text,
                  grounded.cars.map(({ car }) => `${car.brand} ${car.model}`),
                  [...data.catalogue.brandById.values()].map((b) => b.name),
                ),
              ),
            }
          : grounded;
      setTurns((ts) => ts.map((t) => (t.id === id ? { ...t, answer } : t)));
    },
    [data, parse, turns, listingId],
  );

  const last = turns.at(-1);
  const latestRef = useScrollToAnswer<HTMLLIElement>(last ? `${last.id}:${last.answer ? 'answered' : 'asked'}` : null);
  const voice = useVoiceInput(useCallback((t: string) => void ask(t), [ask]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask(text);
  };
  const linkFor = (car: Answer['cars'][number]['car']) => {
    if (car.kind === 'listing') return href.listing(car.id);
    const model = data?.catalogue.modelById.get(car.modelId);
    const brand = model ? data?.catalogue.brandById.get(model.brand_id) : undefined;
    return href.model(brand?.slug ?? '', model?.slug ?? '');
  };

  return (
    <div className="container page asst-page">
      <PageHeader
        eyebrow="Ask anything"
        title="AI assistant"
        intro="Ask about running costs, boot space, which car suits you, or whether a listing is a good price. Answers come from our catalogue and your saved preferences."
      />
      <p className="note">
        <InfoIcon size={16} /> Runs on your device over the Motorly catalogue, so it works offline. It quotes figures
        from our data and says when it does not know.
      </p>
      {!data ? (
        <LoadingBlock />
      ) : (
        <>
          <div role="log" aria-live="polite" aria-label="Conversation">
            <ol className="asst-log">
              {turns.length === 0 && (
                <li className="asst-empty">
                  <SparkIcon size={22} />
                  <p>Try one of these:</p>
                  <div className="asst-prompts">
                    {(listingId ? ['Is this listing a good price?', ...PROMPTS] : PROMPTS).map((p) => (
                      <button key={p} type="button" className="chip-button asst-prompt" onClick={() => void ask(p)}>
                        {p}
                      </button>
                    ))}
                  </div>
                </li>
              )}
              {turns.map((t) => (
                <li key={t.id} className="asst-turn" ref={t === last ? latestRef : undefined}>
                  <p className="asst-msg asst-msg--user">
                    <span className="sr-only">You: </span>
                    {t.question}
                  </p>
                  <div className="asst-msg asst-msg--bot" data-testid="assistant-answer">
                    <span className="sr-only">Assistant: </span>
                    {t.answer ? (
                      <>
                        <p>{t.answer.text}</p>
                        {t.answer.cars.length > 0 && (
                          <ul className="asst-cars" aria-label="Cars in this answer">
                            {t.answer.cars.map((c) => (
                              <li key={c.car.id}>
                                <Link to={linkFor(c.car)}>
                                  {c.car.kind === 'listing' ? c.car.title : `${c.car.brand} ${c.car.model}`}
                                </Link>
                                {c.note && <span> — {c.note}</span>}
                              </li>
                            ))}
                          </ul>
                        )}
                      </>
                    ) : (
                      <p className="asst-thinking">Working it out…</p>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <form className="asst-form" onSubmit={submit}>
            <label htmlFor="asst-q" className="sr-only">
              Ask the assistant
            </label>
            <input
              id="asst-q"
              className="input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Ask about any car…"
              autoComplete="off"
            />
            {voice.supported && (
              <Button type="button" onClick={voice.listening ? voice.stop : voice.start} aria-pressed={voice.listening}>
                {voice.listening ? 'Stop' : 'Speak'}
              </Button>
            )}
            <Button type="submit" variant="primary">
              Ask
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
