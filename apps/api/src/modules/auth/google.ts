import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

export interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
}

/**
 * Verifies Google ID tokens against the configured JWKS URL, issuers and client id (audience).
 * The key set is fetched on first use and cached by jose.
 */
export function googleVerifier(google: Config['google']) {
  const { clientId } = google;
  if (!clientId) return null;
  const keys = createRemoteJWKSet(new URL(google.jwksUrl));
  return async function verify(idToken: string): Promise<GoogleProfile> {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: google.issuers,
        audience: clientId,
        algorithms: ['RS256', 'ES256'],
      });
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
      if (!payload.sub || !email || payload.email_verified !== true) {
        throw new AppError('unauthorized', 'Google did not confirm an email address for this account');
      }
      return { sub: payload.sub, email, name: typeof payload.name === 'string' ? payload.name.slice(0, 100) : '' };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
        throw new AppError('unauthorized', 'Google sign-in failed; please try again');
      }
      throw new AppError('service_unavailable', 'Google sign-in is unavailable right now');
    }
  };
}
