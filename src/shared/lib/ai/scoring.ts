// The recommendation scoring is ONE module shared with the ml-recommendations edge function; it lives under
// supabase/functions (a deployed function can only import files there) and the app runs it offline.
export * from '../../../../supabase/functions/_shared/scoring';
