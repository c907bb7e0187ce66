/**
 * Session JWTs: HS256 only (anything else, including `alg: none`, is rejected), signed
 * with a key derived from SECRET_KEY. Claims: sub (user uuid), sid (session), typ
 * (access | refresh), jti, iat, exp.
 */
import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { deriveKey } from '../../core/keys.ts';

export const ACCESS_TOKEN_SECONDS = 8 * 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const SWAPPED_TOKEN_SECONDS = 3600;

export type TokenType = 'access' | 'refresh';

export interface SessionClaims {
  sub: string;
  sid: string;
  typ: TokenType;
  jti: string;
  iat: number;
  exp: number;
}

export interface JwtCodec {
  sign(
    claims: { sub: string; sid: string; typ: TokenType },
    lifetimeSeconds: number,
  ): { token: string; claims: SessionClaims };
  /** Returns the claims of a valid token of the expected type, or undefined. */
  verify(token: string, expected: TokenType): SessionClaims | undefined;
}

export function createJwtCodec(secretKey: string): JwtCodec {
  const key = deriveKey(secretKey, 'jwt-signing');
  const sign = createSigner({ key, algorithm: 'HS256' });
  const verify = createVerifier({
    key,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'sid', 'typ', 'exp', 'iat', 'jti'],
  });
  return {
    sign({ sub, sid, typ }, lifetimeSeconds) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: SessionClaims = {
        sub,
        sid,
        typ,
        jti: randomBytes(16).toString('base64url'),
        iat,
        exp: iat + lifetimeSeconds,
      };
      return { token: sign(claims), claims };
    },
    verify(token, expected) {
      try {
        const claims = verify(token) as SessionClaims;
        return claims.typ === expected ? claims : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
