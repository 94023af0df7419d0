/** Who is looking, as app/routes reads it from the auth feature (features do not import each other). */
export type Viewer =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; userId: string; name: string; email: string };
