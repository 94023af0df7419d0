/**
 * Who is looking. src/app/use-viewer.ts reads it from the auth feature and hands it to the features that
 * need it (enquiries, the dealer hub), because features do not import each other.
 */
export type Viewer =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; userId: string; name: string; email: string };
