// The notification settings' test send (SPEC §7): asks the send-notification-email function for the
// test e-mail to the signed-in user's own address. It must run on the server (it sends mail), so it is one
// of the few calls a screen makes online rather than through the outbox. The client names the template
// only: the server fills in its fixed sample content (any text from a client would make it a mail relay)
// and allows a few test e-mails an hour.
import { getSupabase } from '@/sync/client';

/** Sends the sample price-drop e-mail to the signed-in user; throws when it was not sent. */
export async function sendTestPriceDropEmail(): Promise<void> {
  const supabase = getSupabase();
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user?.email) throw new Error('Please sign in to send a test notification.');
  const { error } = await supabase.functions.invoke('send-notification-email', {
    body: { userId: user.id, templateName: 'price_drop_alert', recipientEmail: user.email },
  });
  if (error) throw error;
}
