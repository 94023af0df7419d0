// Voice input through the Web Speech API where the browser has it (Chrome, Edge, Safari); the
// button is hidden elsewhere.
import { useCallback, useRef, useState } from 'react';

interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionCtor = new () => Recognition;

declare global {
  // Not in every browser, so optional (Chrome and Safari have the prefixed name only).
  interface Window {
    SpeechRecognition?: RecognitionCtor;
    webkitSpeechRecognition?: RecognitionCtor;
  }
}

function recognitionCtor(): RecognitionCtor | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.SpeechRecognition ?? window.webkitSpeechRecognition;
}

export function useVoiceInput(onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const current = useRef<Recognition | null>(null);
  const Ctor = recognitionCtor();
  const start = useCallback(() => {
    if (!Ctor || current.current) return;
    const r = new Ctor();
    r.lang = 'en-GB';
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (e) => {
      const text = e.results[0]?.[0]?.transcript ?? '';
      if (text) onText(text);
    };
    r.onend = r.onerror = () => {
      current.current = null;
      setListening(false);
    };
    current.current = r;
    setListening(true);
    r.start();
  }, [Ctor, onText]);
  const stop = useCallback(() => current.current?.stop(), []);
  return { supported: !!Ctor, listening, start, stop };
}
