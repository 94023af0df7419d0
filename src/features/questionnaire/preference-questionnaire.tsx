// The 5-step personalisation questionnaire (SPEC §2 overlays, §4, §5, §9), mounted once by the app
// shell. It opens 2 s after sign-in unless completed, or dismissed within the last 7 days.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSaveProfile } from '@/data/personalisation';
import { useProfile } from '@/data/preferences';
import { useCatalogueModels } from '@/data/catalogue';
import { Button, Dialog, toast } from '@/shared/ui';
import {
  answersFrom,
  ONBOARDING_DELAY_MS,
  shouldOffer,
  STEP_COUNT,
  stepError,
  type Answers,
} from './questionnaire-rules';
import { STEPS } from './questionnaire-steps';
import { closeQuestionnaire, openQuestionnaire, useQuestionnaireOpen } from './store';
import './questionnaire.css';

export const PREFERENCES_SAVED = "Preferences saved! We'll personalize your experience.";
export const PREFERENCES_FAILED = 'Failed to save preferences. Please try again.';

/** Demo and end-to-end runs can switch the automatic offer off (the button on /recommended still opens it). */
export const AUTO_OFFER_SWITCH = 'motorly:onboarding';

function autoOfferSwitchedOff(): boolean {
  try {
    return localStorage.getItem(AUTO_OFFER_SWITCH) === 'off';
  } catch {
    return false;
  }
}

function useAutoOffer(userId: string | null): void {
  const profile = useProfile();
  const offeredFor = useRef<string | null>(null);
  useEffect(() => {
    // Judge on the newest local profile: right after a reload it can read null before the session
    // row is known, and a stale null would re-offer a questionnaire the user just skipped.
    if (!userId || profile === undefined || offeredFor.current === userId) return;
    const t = setTimeout(() => {
      offeredFor.current = userId;
      if (!autoOfferSwitchedOff() && shouldOffer(profile, Date.now())) openQuestionnaire();
    }, ONBOARDING_DELAY_MS);
    return () => clearTimeout(t);
  }, [userId, profile]);
}

export function PreferenceQuestionnaire({ userId }: { userId: string | null }) {
  useAutoOffer(userId);
  const open = useQuestionnaireOpen();
  const profile = useProfile();
  const saveProfile = useSaveProfile();
  const basics = useCatalogueModels();
  const brands = useMemo(() => basics?.brands.map((b) => b.name) ?? [], [basics]);
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [showError, setShowError] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!userId) closeQuestionnaire();
  }, [userId]);

  if (!open || !userId) return null;
  const current = answers ?? answersFrom(profile);
  const error = stepError(step, current);
  const { title, Component } = STEPS[step];
  const last = step === STEP_COUNT - 1;

  const reset = () => {
    setStep(0);
    setAnswers(null);
    setShowError(false);
  };
  const skip = async () => {
    // Stored locally before the dialog closes (a few ms), so a reload straight after keeps the choice.
    try {
      await saveProfile({ onboarding_dismissed_at: new Date().toISOString() });
    } catch {
      // Dismissing is best effort: at worst the questionnaire is offered again next time.
    }
    closeQuestionnaire();
    reset();
  };
  const next = () => {
    if (error) {
      setShowError(true);
      return;
    }
    setShowError(false);
    setStep(step + 1);
  };
  const complete = async () => {
    if (error) {
      setShowError(true);
      return;
    }
    setSaving(true);
    try {
      await saveProfile({
        budget_min: current.budgetMin,
        budget_max: current.budgetMax,
        family_size: current.familySize,
        preferred_brands: current.brands,
        preferred_fuel_types: current.fuels,
        preferred_body_styles: current.bodies,
        driving_style: current.drivingStyle,
        priority_features: current.priorities,
        onboarding_completed_at: new Date().toISOString(),
        onboarding_dismissed_at: null,
      });
      toast({ title: PREFERENCES_SAVED, variant: 'success' });
      closeQuestionnaire();
      reset();
    } catch {
      toast({ title: PREFERENCES_FAILED, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : void skip())}
      title="Personalise your car search"
      description={`Step ${step + 1} of ${STEP_COUNT}: ${title}`}
      className="pq-dialog"
      footer={
        <div className="pq-footer">
          <Button variant="ghost" onClick={() => void skip()}>
            Skip for now
          </Button>
          <div className="pq-footer__nav">
            <Button
              onClick={() => {
                setShowError(false);
                setStep(step - 1);
              }}
              disabled={step === 0}
            >
              Back
            </Button>
            {last ? (
              <Button variant="primary" onClick={() => void complete()} loading={saving}>
                Complete Setup
              </Button>
            ) : (
              <Button variant="primary" onClick={next}>
                Next
              </Button>
            )}
          </div>
        </div>
      }
    >
      <div
        className="pq-progress"
        role="progressbar"
        aria-label="Questionnaire progress"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step + 1}
      >
        <span style={{ width: `${((step + 1) / STEP_COUNT) * 100}%` }} />
      </div>
      <Component
        answers={current}
        onChange={(a) => {
          setAnswers(a);
          setShowError(false);
        }}
        brands={brands}
      />
      {showError && error && (
        <p className="pq-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
