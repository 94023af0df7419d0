// Deno entry for hosted Supabase; the local stack imports handler.ts directly.
import handler from './handler.ts';

declare const Deno: {
  serve(fn: (req: Request) => Response | Promise<Response>): unknown;
  env: { toObject(): Record<string, string> };
};

Deno.serve((req) => handler(req, Deno.env.toObject()));
