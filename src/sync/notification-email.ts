// The notification settings' test send (SPEC §7): calls the send-notification-email function for
// the signed-in user's own address with sample price-drop data. It must run on the server (it sends
// mail), so it is one of the few calls a screen makes online rather than through the outbox.
import { getSupabase } from './supabase-client';

export const SAMPLE_PRICE_DROP = {
  car_name: '2021 Volkswagen Golf 1.5 TSI Life',
  old_price: 18995,
  new_price: 17495,
  discount: 7.9,
  savings: 1500,
  car_url: '/marketplace',
  unsubscribe_url: '/account',
} as const;

/** Sends the sample price-drop e-mail to the signed-in user; throws when it was not sent. */
export async function sendTestPriceDropEmail(): Promise<void> {
  const supabase = getSupabase();
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user?.email) throw new Error('Please sign in to send a test notification.');
  const { error } = await supabase.functions.invoke('send-notification-email', {
    body: {
      userId: user.id,
      templateName: 'price_drop_alert',
      templateData: SAMPLE_PRICE_DROP,
      recipientEmail: user.email,
    },
  });
  if (error) throw error;
}
