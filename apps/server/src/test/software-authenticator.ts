import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A WebAuthn authenticator in Node (ES256, "none" attestation), for driving the provider's passkey ceremonies the
 * way a browser with a platform authenticator would: it answers the options the page carries with the JSON
 * @simplewebauthn/browser would post.
 */
interface CreationOptions {
  challenge: string;
  rp: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const counterBytes = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};
/** User present, user verified, (attested credential data follows). */
const FLAGS_UP_UV = 0x05;
const FLAG_AT = 0x40;

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter it reports next; 0 stays 0 (like most passkeys), else it increments. */
  counter: number;

  constructor(options: { counter?: number } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = privateKey;
    this.publicJwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
    this.counter = options.counter ?? 0;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  /** navigator.credentials.create() for these options, with the page's origin. */
  register(optionsJson: string, origin: string): string {
    const options = JSON.parse(optionsJson) as CreationOptions;
    const clientData = this.clientData("webauthn.create", options.challenge, origin);
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, "base64url")],
      [-3, Buffer.from(this.publicJwk.y, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAGS_UP_UV | FLAG_AT]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientData), attestationObject: b64(attestationObject), transports: ["internal"] },
    });
  }

  /** navigator.credentials.get() for these options: the assertion, signed with the next counter. */
  authenticate(optionsJson: string, origin: string, overrides: { counter?: number } = {}): string {
    const options = JSON.parse(optionsJson) as RequestOptions;
    if (this.counter > 0 && overrides.counter === undefined) this.counter += 1;
    const clientData = this.clientData("webauthn.get", options.challenge, origin);
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([FLAGS_UP_UV]), counterBytes(overrides.counter ?? this.counter)]);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.key);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
    });
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}

/** The options JSON a passkey form of the page carries (data-passkey-options), HTML entities decoded. */
export function passkeyOptionsOf(body: string, kind: "register" | "authenticate"): string | undefined {
  const raw = new RegExp(`data-passkey="${kind}" data-passkey-options="([^"]*)"`).exec(body)?.[1];
  return raw
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
