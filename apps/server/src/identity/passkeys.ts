import { createHmac } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { NewPasskey, Passkey } from "./passkey-store.js";

/**
 * The WebAuthn ceremonies (through @simplewebauthn/server). The relying party is PUBLIC_URL: its host is the RP id,
 * its origin the only origin accepted. Challenges are not stored: each is an HMAC of the page's ticket (bound to the
 * sign-in or the account session, the user and a time), so any node checks it and it is worth nothing elsewhere.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: "SRO" };
}

/** The challenge of a ticket: what the authenticator signs, and what the response must carry back. */
export function challengeOf(secret: Buffer, ticket: string): { bytes: Uint8Array<ArrayBuffer>; base64url: string } {
  const mac = createHmac("sha256", secret).update(`webauthn:${ticket}`).digest();
  return { bytes: new Uint8Array(mac), base64url: mac.toString("base64url") };
}

/** Longest response accepted: attestation objects with certificates stay far below it. */
const MAX_RESPONSE_CHARS = 64 * 1024;
const TIMEOUT_MS = 5 * 60 * 1000;

function parseResponse<T>(json: string): T | undefined {
  if (!json || json.length > MAX_RESPONSE_CHARS) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

const transportsOf = (key: Pick<Passkey, "transports">) => key.transports as AuthenticatorTransportFuture[];

/** Options for navigator.credentials.create(), as JSON for the page's script. */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; username: string },
  existing: Passkey[],
  challenge: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    challenge,
    timeout: TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: transportsOf(k) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  return JSON.stringify(options);
}

/** The verified new credential (without its name), or undefined when the response is not valid for this challenge. */
export async function verifyRegistration(rp: RelyingParty, json: string, expectedChallenge: string): Promise<Omit<NewPasskey, "name"> | undefined> {
  const response = parseResponse<RegistrationResponseJSON>(json);
  if (!response) return undefined;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

/** Options for navigator.credentials.get(), limited to the user's passkeys. */
export async function authenticationOptions(rp: RelyingParty, keys: Passkey[], challenge: Uint8Array<ArrayBuffer>): Promise<string> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge,
    timeout: TIMEOUT_MS,
    userVerification: "preferred",
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: transportsOf(k) })),
  });
  return JSON.stringify(options);
}

/**
 * The passkey that signed this challenge and its new signature counter, or undefined: not one of the user's, a bad
 * signature, another origin, or a counter that went backwards.
 */
export async function verifyAuthentication(
  rp: RelyingParty,
  json: string,
  expectedChallenge: string,
  find: (credentialId: string) => Promise<Passkey | undefined>,
): Promise<{ passkey: Passkey; newCounter: number } | undefined> {
  const response = parseResponse<AuthenticationResponseJSON>(json);
  if (!response || typeof response.id !== "string") return undefined;
  const passkey = await find(response.id);
  if (!passkey) return undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
    });
    return result.verified ? { passkey, newCounter: result.authenticationInfo.newCounter } : undefined;
  } catch {
    return undefined;
  }
}
