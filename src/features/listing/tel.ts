// A UK phone number as written on a dealer's page ("01522 510 123") to a tap-to-call link.

/** 'tel:+441522510123' for a UK number (0 becomes +44), an international one as given (+NN, 00NN); else null. */
export function telHref(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim() ?? '';
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length < 7) return null;
  if (trimmed.startsWith('+')) return `tel:+${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  return `tel:+44${digits.replace(/^0/, '')}`;
}
