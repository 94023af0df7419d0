import { useEffect, useRef, useState } from 'react';
import { useRecommendations, useRecommendationWrites } from '@/data/personalisation';
import { useStockCounts } from '@/data/catalogue';
import { href } from '@/shared/lib/routes';
import { Button, EmptyState, LoadingBlock, PageHeader, RefreshIcon, SparkIcon, SignInPage } from '@/shared/ui';
import { refreshRecommendations } from './api/refresh-recommendations';
import { onePerModel } from './model-links';
import { RecCard } from './rec-card';
import { useOnline } from './use-online';
import './recommendations.css';

export interface RecommendedScreenProps {
  userId: string | null;
  authLoading: boolean;
  onEditPreferences: () => void;
}

export function RecommendedScreen({ userId, authLoading, onEditPreferences }: RecommendedScreenProps) {
  const view = useRecommendations(userId);
  const writes = useRecommendationWrites();
  const online = useOnline();
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const requested = useRef('');
  const shown = useRef(new Set<string>());

  const stale = view?.stale ?? false;
  const pending = view?.profilePending ?? false;
  const hasCache = (view?.cached.length ?? 0) > 0;
  const profileStamp = view?.profile?.last_updated ?? '';
  useEffect(() => {
    if (!userId || !view || !online || !stale || pending) return;
    const key = `${userId}|${profileStamp}`;
    if (requested.current === key) return;
    requested.current = key;
    setStatus('loading');
    refreshRecommendations(userId, hasCache).then(
      () => setStatus('idle'),
      () => setStatus('error'),
    );
  }, [userId, view, online, stale, pending, hasCache, profileStamp]);

  const fromServer = !!view && !view.stale;
  // One card per model, even if the ranking (server or local) lists a model twice.
  const cards = view ? onePerModel(fromServer ? view.cached : view.local) : [];
  const stock = useStockCounts(cards.map((c) => c.model.id));
  const shownKey = fromServer ? cards.map((c) => c.rowId).join(',') : '';
  useEffect(() => {
    for (const id of shownKey.split(',').filter(Boolean)) {
      if (shown.current.has(id)) continue;
      shown.current.add(id);
      void writes.shown(id).catch(() => undefined);
    }
  }, [shownKey, writes]);

  const refresh = () => {
    if (!userId) return;
    setStatus('loading');
    refreshRecommendations(userId, true).then(
      () => setStatus('idle'),
      () => setStatus('error'),
    );
  };

  const header = (
    <PageHeader
      eyebrow="Personal picks"
      title="Recommended for you"
      intro="Cars chosen for your budget, family size and driving style, getting smarter as you browse."
      actions={
        userId ? (
          <>
            <Button onClick={onEditPreferences}>Update preferences</Button>
            <Button
              variant="primary"
              onClick={refresh}
              disabled={!online || status === 'loading'}
              loading={status === 'loading'}
            >
              <RefreshIcon size={16} /> Refresh
            </Button>
          </>
        ) : undefined
      }
    />
  );

  if (authLoading)
    return (
      <div className="container page">
        {header}
        <LoadingBlock />
      </div>
    );
  if (!userId) {
    return (
      <SignInPage
        header={header}
        icon={<SparkIcon size={26} />}
        title="Sign in to see your recommendations"
        description="Tell us about your budget and how you drive, and we will suggest cars that suit you."
        signInTo={href.auth({ redirect: href.recommended() })}
      />
    );
  }
  if (!view)
    return (
      <div className="container page">
        {header}
        <LoadingBlock />
      </div>
    );
  const p = view.personalisation;

  return (
    <div className="container page rec-page">
      {header}
      <section className="rec-status" aria-label="Personalisation">
        <div
          className="rec-meter"
          role="meter"
          aria-label="Personalisation score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={p.score}
        >
          <span style={{ width: `${p.score}%` }} />
        </div>
        <p>
          <strong>Personalisation {p.score}/100</strong>
          {p.personalised
            ? ' — these picks are personalised to you.'
            : ' — answer the questions and browse a little so we can personalise them.'}{' '}
          Profile {p.basic + p.preferences}/50, activity {p.behaviour}/50 ({p.interactionCount} of 10 interactions
          counted).
        </p>
        {!view.profile?.onboarding_completed_at && (
          <Button variant="primary" onClick={onEditPreferences}>
            Answer 5 quick questions
          </Button>
        )}
      </section>
      <p className="rec-source" role="status" data-testid="recommendation-source">
        {fromServer
          ? 'Ranked by our recommendations service.'
          : !online
            ? 'You are offline: ranked on this device with the same scoring, from your saved preferences.'
            : status === 'error'
              ? 'Our recommendations service could not be reached, so these were ranked on this device.'
              : 'Ranked on this device from your latest preferences while our service catches up.'}
      </p>
      {cards.length === 0 ? (
        <EmptyState
          title="No cars in the catalogue yet"
          description="The catalogue is still downloading to this device."
        />
      ) : (
        <ol className="rec-list">
          {cards.map((c, i) => (
            <RecCard
              key={c.model.id}
              c={c}
              rank={i + 1}
              stock={stock}
              onOpen={() => (c.rowId ? void writes.clicked(c.rowId).catch(() => undefined) : undefined)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
