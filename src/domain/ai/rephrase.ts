// What the optional server language model (the ai-rephrase edge function) is given to reword: the
// grounded answer's text, the figures it quotes and the cars it names, so the server can refuse any
// rephrase that drops or changes one of them.

export interface RephraseRequest {
  text: string;
  figures: string[];
  cars: string[];
  otherNames?: string[];
}

/** Prices and numbers as the answer writes them ('£24,995', '52.3', '8,500', '7%'), each once. */
export function quotedFigures(text: string): string[] {
  const found = text.match(/£?\d[\d,]*(?:\.\d+)?%?/g) ?? [];
  return [...new Set(found.map((f) => f.replace(/[,.]$/, '')))];
}

export function rephraseRequest(
  text: string,
  cars: readonly string[],
  otherNames?: readonly string[],
): RephraseRequest {
  return {
    text,
    figures: quotedFigures(text),
    cars: [...new Set(cars)],
    ...(otherNames?.length ? { otherNames: [...new Set(otherNames)] } : {}),
  };
}
