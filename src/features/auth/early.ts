// Auth's part of the head script (src/early/head-script.ts): the last known sign-in state goes on <html> before
// the prerendered page paints, so the header takes the shape it will keep once auth is known. Head-safe.
import { markSignInHint } from './sign-in-hint';

export function markSignInHintEarly(): void {
  markSignInHint();
}
