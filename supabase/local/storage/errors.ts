// Storage API errors in hosted Storage's shape ({statusCode, code, error, message}, statusCode as text).
// Like storage-api's error handler, every error below 500 is answered with HTTP 400 and its own status in
// the body: supabase-js's StorageApiError then carries status 400 and statusCode '404', '413', ...
export class StorageHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** Close the connection after answering (the rest of an oversized body is still on the socket). */
    readonly closeConnection = false,
  ) {
    super(message);
    this.name = 'StorageHttpError';
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? this.statusCode : 400;
  }

  body(): Record<string, string> {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const ERR = {
  noSuchBucket: () => new StorageHttpError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageHttpError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidJwt: (message = 'Invalid JWT') => new StorageHttpError(400, 'InvalidJWT', 'InvalidJWT', message),
  accessDenied: (message = 'Access denied') => new StorageHttpError(403, 'AccessDenied', 'Unauthorized', message),
  rlsRefused: () =>
    new StorageHttpError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  keyExists: () => new StorageHttpError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketExists: () => new StorageHttpError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageHttpError(409, 'InvalidRequest', 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  invalidBucketName: () => new StorageHttpError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidKey: (key: string) =>
    new StorageHttpError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`),
  invalidRequest: (message: string) => new StorageHttpError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidMimeType: (mime: string) =>
    new StorageHttpError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  entityTooLarge: () =>
    new StorageHttpError(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
      true,
    ),
  expiredToken: () => new StorageHttpError(400, 'InvalidJWT', 'InvalidJWT', 'jwt expired'),
  internal: () => new StorageHttpError(500, 'InternalError', 'InternalError', 'Internal server error'),
};

export function errorResponse(err: StorageHttpError): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (err.closeConnection) headers.Connection = 'close';
  return new Response(JSON.stringify(err.body()), { status: err.httpStatus, headers });
}

/** Maps a database error (SQLSTATE) the way storage-api does; anything else is a bare 500. */
export function fromDbError(err: unknown): StorageHttpError {
  if (err instanceof StorageHttpError) return err;
  const e = err as { code?: string; message?: string };
  switch (e?.code) {
    case '42501':
      return ERR.rlsRefused();
    case '23505':
      return ERR.keyExists();
    case '23503':
      return new StorageHttpError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist');
    case '54000': // program_limit_exceeded: a policy limit raised by a trigger (e.g. photos per listing)
      return ERR.invalidRequest(e.message ?? 'Limit reached');
    case '57014':
      return new StorageHttpError(
        544,
        'DatabaseTimeout',
        'DatabaseTimeout',
        'The connection to the database timed out',
      );
    default:
      return ERR.internal();
  }
}
